'use client'

import { useTranslations } from 'next-intl'
import { useActionState, useEffect, useRef, useState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import { cancelTransferAction, type RevenueState } from './actions'

/**
 * "Cancel" on a withdrawal still in transit (the transfers page): a confirmation step, then the rail
 * is asked to stop the payout; the answer (cancelled and the money back, or why not) stays beside it,
 * also after the row re-renders as cancelled.
 */
export function CancelTransferForm({ withdrawalId, what, cancellable }: { withdrawalId: string; /** "$10.00 to j•••@example.com", for the buttons' names. */ what: string; cancellable: boolean }) {
  const t = useTranslations('RevenueForms.cancel')
  const [state, action, pending] = useActionState<RevenueState, FormData>(cancelTransferAction, {})
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])
  // An answer ends the confirmation (state adjusted while rendering, not in an effect).
  const [answered, setAnswered] = useState(state)
  if (answered !== state) {
    setAnswered(state)
    if (state.at) setConfirming(false)
  }
  // Once cancelled the row re-renders without "Cancel"; the answer stays where it was given.
  if (!cancellable) return state.at ? <FormOutcome error={state.error} done={state.done} /> : null
  return (
    <form action={action} className="billing-action">
      <input type="hidden" name="withdrawal" value={withdrawalId} />
      {confirming ? (
        <div className="billing-confirm" role="group" aria-label={t('label', { what })}>
          <p className="billing-confirm__text">{t('question', { what })}</p>
          <div className="billing-action__buttons">
            <button ref={confirmRef} type="submit" className="button button--danger button--small" disabled={pending}>
              {t('confirm')}
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(false)} disabled={pending}>
              {t('back')}
            </button>
          </div>
        </div>
      ) : state.done ? null : (
        <button type="button" className="button button--secondary button--small" aria-label={t('label', { what })} onClick={() => setConfirming(true)}>
          {t('button')}
        </button>
      )}
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
