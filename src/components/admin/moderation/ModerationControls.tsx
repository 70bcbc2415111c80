'use client'

import { useSearchParams } from 'next/navigation'
import { useId, useState, useTransition } from 'react'

import type { LockOp, ModerationOp } from '@/lib/moderation/adminModeration'

import { adminModerationAction } from '../actions'

export type LockButton = { op: LockOp; label: string }
type Texts = {
  decision: string
  message: string
  messageHint: string
  approve: string
  reject: string
  withhold: string
  lockHeading: string
  done: Partial<Record<ModerationOp, string>>
  failed: string
}

/** After an action the page is loaded again (the edit form must not keep the old status), saying what was done. */
const DONE_PARAM = 'moderated'

/**
 * The lock and decision buttons of the moderation panel. They sit inside Payload's document form,
 * so they are plain buttons calling the server action, not a form of their own (forms do not nest).
 */
export function ModerationControls({ projectId, lockText, lockButtons, canDecide, canApprove, texts }: { projectId: string; lockText: string; lockButtons: LockButton[]; canDecide: boolean; canApprove: boolean; texts: Texts }) {
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, startTransition] = useTransition()
  const done = useSearchParams().get(DONE_PARAM) as ModerationOp | null
  const ids = { message: useId(), hint: useId() }

  function run(op: ModerationOp) {
    setError(null)
    startTransition(async () => {
      const result = await adminModerationAction({ project: projectId, op, message }).catch(() => ({ ok: false as const, error: texts.failed }))
      if (!result.ok) return setError(result.error)
      const url = new URL(window.location.href)
      url.searchParams.set(DONE_PARAM, op)
      window.location.assign(url.toString())
    })
  }

  return (
    <div className="bf-moderation__controls">
      {/* Decisions only: after a lock change the lock's own line, loaded again, says who holds it. */}
      {done && texts.done[done] ? (
        <p className="bf-moderation__done" role="status">
          {texts.done[done]}
        </p>
      ) : null}
      <div className="bf-moderation__lock" role="group" aria-label={texts.lockHeading}>
        <p data-testid="admin-moderation-lock" role="status">
          {lockText}
        </p>
        <div className="bf-moderation__buttons">
          {lockButtons.map((b) => (
            <button key={b.op} type="button" className="bf-admin-button bf-admin-button--secondary" disabled={pending} onClick={() => run(b.op)}>
              {b.label}
            </button>
          ))}
        </div>
      </div>
      {canDecide ? (
        <div className="bf-moderation__decision" role="group" aria-label={texts.decision}>
          <label htmlFor={ids.message} className="bf-moderation__label">
            {texts.message}
          </label>
          <p id={ids.hint} className="bf-work__detail">
            {texts.messageHint}
          </p>
          <textarea id={ids.message} rows={5} className="bf-admin-input" aria-describedby={ids.hint} value={message} onChange={(e) => setMessage(e.target.value)} />
          <div className="bf-moderation__buttons">
            {canApprove ? (
              <button type="button" className="bf-admin-button" disabled={pending} onClick={() => run('approve')}>
                {texts.approve}
              </button>
            ) : null}
            <button type="button" className="bf-admin-button bf-admin-button--danger" disabled={pending} onClick={() => run('reject')}>
              {texts.reject}
            </button>
            <button type="button" className="bf-admin-button bf-admin-button--secondary" disabled={pending} onClick={() => run('withhold')}>
              {texts.withhold}
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="bf-moderation__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
