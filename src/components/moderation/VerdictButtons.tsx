'use client'

import { useActionState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import type { ModerationState } from './actions'
import { verdictAction } from './technicalReviewActions'

type Labels = { safe: string; malicious: string; safeOf: string; maliciousOf: string }

/** Safe / Malicious for one finding; `demo` shows the buttons without a form behind them (the mockup). */
export function VerdictButtons({ findingId, labels, demo = false }: { findingId: string; labels: Labels; demo?: boolean }) {
  const [state, action, pending] = useActionState<ModerationState, FormData>(verdictAction, {})
  const buttons = (
    <>
      <button type={demo ? 'button' : 'submit'} name="verdict" value="safe" className="button button--secondary button--small" aria-label={labels.safeOf} disabled={pending || demo}>
        {labels.safe}
      </button>
      <button type={demo ? 'button' : 'submit'} name="verdict" value="malicious" className="button button--danger button--small" aria-label={labels.maliciousOf} disabled={pending || demo}>
        {labels.malicious}
      </button>
    </>
  )
  if (demo) return <div className="verdict-buttons">{buttons}</div>
  return (
    <form action={action} className="verdict-buttons">
      <input type="hidden" name="finding" value={findingId} />
      {buttons}
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
