'use client'

import { useEffect, useState } from 'react'

import { PIcon } from './icons'

/** Copies a value (a file hash); shows a check mark for 2 s (spec §9). Hidden until scripts run. */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setReady(true), [])
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(t)
  }, [copied])
  if (!ready) return null
  return (
    <button
      type="button"
      className="icon-button copy-button"
      aria-label={label}
      title={copied ? copiedLabel : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value)
          setCopied(true)
        } catch {
          setCopied(false)
        }
      }}
    >
      <PIcon name={copied ? 'check' : 'copy'} size={16} />
      <span className="visually-hidden" aria-live="polite">
        {copied ? copiedLabel : ''}
      </span>
    </button>
  )
}
