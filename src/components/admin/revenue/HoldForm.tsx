'use client'

import { useActionState, useEffect, useId, useRef, useTransition, type FormEvent } from 'react'

import { revenueActAction, type RevenueActState } from './actions'

export type HoldTexts = { legend: string; reason: string; reasonHint: string; submit: string }

/**
 * Hold or release a user's balance (/admin/revenue/{id}), with a reason that is kept with the act.
 * Submitted by hand (not `<form action>`), so a refused act keeps what staff typed; cleared once done.
 */
export function HoldForm({ userId, held, texts }: { userId: string; held: boolean; texts: HoldTexts }) {
  const [state, dispatch, pending] = useActionState<RevenueActState, FormData>(revenueActAction, { status: 'idle' })
  const [, startTransition] = useTransition()
  const ref = useRef<HTMLFormElement>(null)
  const id = useId()
  useEffect(() => {
    if (state.status === 'done') ref.current?.reset()
  }, [state])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    startTransition(() => dispatch(data))
  }
  return (
    <form ref={ref} onSubmit={onSubmit} className="bf-billing-form" aria-label={texts.legend} data-testid="revenue-hold-form">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="act" value={held ? 'release' : 'hold'} />
      <div className="bf-billing-form__field">
        <label htmlFor={`${id}-reason`}>{texts.reason}</label>
        <textarea id={`${id}-reason`} name="reason" required maxLength={1000} rows={2} className="bf-admin-input" aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="bf-billing-form__hint">
          {texts.reasonHint}
        </p>
      </div>
      <button type="submit" className={`bf-admin-button${held ? '' : ' bf-admin-button--danger'}`} disabled={pending}>
        {texts.submit}
      </button>
      <div aria-live="polite" className="bf-billing-form__outcome">
        {state.status === 'done' ? (
          <p role="status" className="bf-billing-form__done">
            {state.message}
          </p>
        ) : null}
        {state.status === 'error' ? (
          <p role="alert" className="bf-billing-form__error">
            {state.message}
          </p>
        ) : null}
      </div>
    </form>
  )
}
