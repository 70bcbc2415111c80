'use client'

import { useId, useState } from 'react'

/**
 * The memory of a custom plan, in whole GB: what is typed stays as typed (so a refused size is
 * seen and can be corrected); `onSize` hears only whole sizes within the range.
 */
export function CustomRamInput({ min, max, initial, label, onSize }: { min: number; max: number; initial: number; label: string; onSize: (gib: number) => void }) {
  const id = useId()
  const [text, setText] = useState(String(initial))
  return (
    <div className="server-checkout__custom">
      <label className="project-settings__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        className="input"
        min={min}
        max={max}
        step={1}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          const next = Number(e.target.value)
          if (Number.isInteger(next) && next >= min && next <= max) onSize(next)
        }}
      />
    </div>
  )
}
