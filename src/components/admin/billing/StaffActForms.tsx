'use client'

import { useActionState, useEffect, useId, useRef, useTransition, type FormEvent } from 'react'

import { cancelAction, creditAction, refundAction, type StaffActState } from './actions'

/*
 * The forms of /admin/billing/{id}: each posts to its server action, which checks the session's user
 * is staff and refreshes the view; the answer (done, or why not) is read out where the form is.
 */

const IDLE: StaffActState = { status: 'idle' }

/**
 * A form posting to `action`. Submitted by hand (not `<form action>`), so a refused act keeps what
 * staff typed — React clears a form after its action — and cleared only once the act is done.
 */
function useStaffForm(action: (prev: StaffActState, form: FormData) => Promise<StaffActState>) {
  const [state, dispatch, pending] = useActionState(action, IDLE)
  const [, startTransition] = useTransition()
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (state.status === 'done') ref.current?.reset()
  }, [state])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    startTransition(() => dispatch(data))
  }
  return { state, pending, ref, onSubmit }
}

function Outcome({ state }: { state: StaffActState }) {
  return (
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
  )
}

/**
 * In place of a form whose act no longer applies (the charge is refunded in full, the subscription
 * ended): the same component stays mounted, so the answer of the act that closed it is still shown.
 */
function Unavailable({ note, state }: { note: string; state: StaffActState }) {
  return (
    <div className="bf-billing-form">
      <Outcome state={state} />
      <p className="bf-billing-form__hint">{note}</p>
    </div>
  )
}

function Reason({ id, label, hint }: { id: string; label: string; hint: string }) {
  return (
    <div className="bf-billing-form__field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name="reason" required maxLength={1000} rows={2} className="bf-admin-input" aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="bf-billing-form__hint">
        {hint}
      </p>
    </div>
  )
}

export type RefundTexts = { label: string; amount: string; amountHint: string; reason: string; reasonHint: string; endPerks: string; submit: string }

/** Refund part or all of a paid charge; the amount in the charge's currency, as typed (e.g. 4.99). */
export function RefundForm({ userId, chargeId, max, unavailable, texts }: { userId: string; chargeId: string; max: string; unavailable?: string; texts: RefundTexts }) {
  const { state, pending, ref, onSubmit } = useStaffForm(refundAction)
  const id = useId()
  if (unavailable) return <Unavailable note={unavailable} state={state} />
  return (
    <form ref={ref} onSubmit={onSubmit} className="bf-billing-form" aria-label={texts.label}>
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="chargeId" value={chargeId} />
      <div className="bf-billing-form__field">
        <label htmlFor={`${id}-amount`}>{texts.amount}</label>
        <input id={`${id}-amount`} name="amount" required inputMode="decimal" autoComplete="off" defaultValue={max} className="bf-admin-input" aria-describedby={`${id}-amount-hint`} />
        <p id={`${id}-amount-hint`} className="bf-billing-form__hint">
          {texts.amountHint}
        </p>
      </div>
      <Reason id={`${id}-reason`} label={texts.reason} hint={texts.reasonHint} />
      <div className="bf-billing-form__check">
        <input id={`${id}-end`} type="checkbox" name="endPerks" />
        <label htmlFor={`${id}-end`}>{texts.endPerks}</label>
      </div>
      <button type="submit" className="bf-admin-button bf-admin-button--danger" disabled={pending}>
        {texts.submit}
      </button>
      <Outcome state={state} />
    </form>
  )
}

export type CancelTexts = { label: string; when: string; now: string; periodEnd: string; reason: string; reasonHint: string; submit: string }

/** Cancel a subscription now (perks end at once) or at the end of its paid period. */
export function CancelForm({ userId, subscriptionId, unavailable, texts }: { userId: string; subscriptionId: string; unavailable?: string; texts: CancelTexts }) {
  const { state, pending, ref, onSubmit } = useStaffForm(cancelAction)
  const id = useId()
  if (unavailable) return <Unavailable note={unavailable} state={state} />
  return (
    <form ref={ref} onSubmit={onSubmit} className="bf-billing-form" aria-label={texts.label}>
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <fieldset className="bf-billing-form__choices">
        <legend>{texts.when}</legend>
        <div className="bf-billing-form__check">
          <input id={`${id}-end`} type="radio" name="when" value="periodEnd" defaultChecked />
          <label htmlFor={`${id}-end`}>{texts.periodEnd}</label>
        </div>
        <div className="bf-billing-form__check">
          <input id={`${id}-now`} type="radio" name="when" value="now" />
          <label htmlFor={`${id}-now`}>{texts.now}</label>
        </div>
      </fieldset>
      <Reason id={`${id}-reason`} label={texts.reason} hint={texts.reasonHint} />
      <button type="submit" className="bf-admin-button bf-admin-button--danger" disabled={pending}>
        {texts.submit}
      </button>
      <Outcome state={state} />
    </form>
  )
}

export type CreditTexts = { label: string; days: string; reason: string; reasonHint: string; submit: string }

/** Credit free days: the next renewal moves that many days later. */
export function CreditForm({ userId, subscriptionId, unavailable, texts }: { userId: string; subscriptionId: string; unavailable?: string; texts: CreditTexts }) {
  const { state, pending, ref, onSubmit } = useStaffForm(creditAction)
  const id = useId()
  if (unavailable) return <Unavailable note={unavailable} state={state} />
  return (
    <form ref={ref} onSubmit={onSubmit} className="bf-billing-form" aria-label={texts.label}>
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <div className="bf-billing-form__field">
        <label htmlFor={`${id}-days`}>{texts.days}</label>
        <input id={`${id}-days`} name="days" type="number" required min={1} max={366} step={1} defaultValue={7} className="bf-admin-input" />
      </div>
      <Reason id={`${id}-reason`} label={texts.reason} hint={texts.reasonHint} />
      <button type="submit" className="bf-admin-button" disabled={pending}>
        {texts.submit}
      </button>
      <Outcome state={state} />
    </form>
  )
}
