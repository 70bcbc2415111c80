'use client'

import { useEffect, useRef } from 'react'

type Text = { submit: string; confirm: string; back: string }

/**
 * A money form's last step: the choice's button first; then what it costs and when, with Confirm
 * (the form's submit, focused) and Back.
 */
export function ConfirmStep({ confirming, setConfirming, lines, pending, text }: { confirming: boolean; setConfirming: (on: boolean) => void; lines: string[]; pending: boolean; text: Text }) {
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])
  if (!confirming) {
    return (
      <div>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {text.submit}
        </button>
      </div>
    )
  }
  return (
    <div className="billing-confirm" role="group" aria-label={text.submit}>
      {lines.map((line, i) => (
        <p key={i} className="billing-confirm__text">
          {line}
        </p>
      ))}
      <div className="billing-action__buttons">
        <button ref={confirmRef} type="submit" className="button button--primary" disabled={pending}>
          {text.confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={pending}>
          {text.back}
        </button>
      </div>
    </div>
  )
}
