'use client'

import { useActionState, useEffect, useRef, useState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import type { BillingState } from './actions'

export type Confirm = {
  /** Shown before the action runs, with the button that runs it and one that goes back. */
  lines: string[]
  confirmLabel: string
  backLabel: string
}

type Props = {
  action: (prev: BillingState, form: FormData) => Promise<BillingState>
  /** Hidden inputs the action reads (ids, the chosen interval …). */
  fields: Record<string, string>
  label: string
  ariaLabel?: string
  variant?: 'primary' | 'secondary' | 'danger'
  confirm?: Confirm
}

/**
 * One billing action behind a button (make primary, remove, cancel, resubscribe …), with an optional
 * confirmation step and the action's outcome beside it.
 */
export function ActionForm({ action, fields, label, ariaLabel, variant = 'secondary', confirm }: Props) {
  const [state, run, pending] = useActionState(action, {})
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const openRef = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef(false)
  useEffect(() => {
    // Focus follows the step: onto the confirm button, and back to the first button after "Go back".
    if (confirming) confirmRef.current?.focus()
    else if (wasConfirming.current) openRef.current?.focus()
    wasConfirming.current = confirming
  }, [confirming])
  // A done action closes its confirmation, as the outcome arrives (state adjusted while rendering, not in an effect).
  const [outcome, setOutcome] = useState(state)
  if (outcome !== state) {
    setOutcome(state)
    if (state.done) setConfirming(false)
  }
  const button = `button button--${variant}`
  return (
    <form action={run} className="billing-action">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {confirm && confirming ? (
        <div className="billing-confirm" role="group" aria-label={label}>
          {confirm.lines.map((line) => (
            <p key={line} className="billing-confirm__text">
              {line}
            </p>
          ))}
          <div className="billing-action__buttons">
            <button ref={confirmRef} type="submit" className={button} disabled={pending}>
              {confirm.confirmLabel}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={pending}>
              {confirm.backLabel}
            </button>
          </div>
        </div>
      ) : confirm ? (
        <button ref={openRef} type="button" className={button} aria-label={ariaLabel} onClick={() => setConfirming(true)}>
          {label}
        </button>
      ) : (
        <button type="submit" className={button} aria-label={ariaLabel} disabled={pending}>
          {label}
        </button>
      )}
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
