'use client'

import { useState } from 'react'

/** The easter egg: a frog that counts how often it was petted (this visit only). */
export function Frog({ label, counted }: { label: string; counted: string }) {
  const [pets, setPets] = useState(0)
  return (
    <div className="frog">
      <svg viewBox="0 0 120 100" width="240" height="200" role="img" aria-label="A green frog" className={pets % 2 ? 'frog__svg frog__svg--hop' : 'frog__svg'}>
        <ellipse cx="60" cy="68" rx="46" ry="28" fill="#3ddc84" />
        <circle cx="38" cy="34" r="16" fill="#3ddc84" />
        <circle cx="82" cy="34" r="16" fill="#3ddc84" />
        <circle cx="38" cy="32" r="8" fill="#fff" />
        <circle cx="82" cy="32" r="8" fill="#fff" />
        <circle cx="40" cy="33" r="4" fill="#111" />
        <circle cx="80" cy="33" r="4" fill="#111" />
        <path d="M40 74 Q60 88 80 74" stroke="#17703f" strokeWidth="4" fill="none" strokeLinecap="round" />
      </svg>
      <button type="button" className="button button--primary" onClick={() => setPets((n) => n + 1)}>
        {label}
      </button>
      <p role="status" className="frog__count">
        {counted.replace('{count}', String(pets))}
      </p>
    </div>
  )
}
