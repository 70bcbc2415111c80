'use client'

import { useEffect, useState } from 'react'

import { ProfileIcon } from './icons'

type Props = { id: string; label: string; copyLabel: string; copiedLabel: string; failedLabel: string }

/** An id in monospace with a button that copies it; the result is announced politely. */
export function CopyId({ id, label, copyLabel, copiedLabel, failedLabel }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(timer)
  }, [state])

  async function copy() {
    try {
      await navigator.clipboard.writeText(id)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <div className="copy-id">
      <span className="copy-id__label">{label}</span>
      <span className="copy-id__row">
        <code className="copy-id__value" data-testid="profile-id">
          {id}
        </code>
        <button type="button" className="copy-id__button" onClick={copy} aria-label={`${copyLabel}: ${id}`} title={copyLabel}>
          <ProfileIcon name={state === 'copied' ? 'check' : 'copy'} size={16} />
        </button>
        <span className="copy-id__status" role="status" aria-live="polite">
          {state === 'copied' ? copiedLabel : state === 'failed' ? failedLabel : ''}
        </span>
      </span>
    </div>
  )
}
