'use client'

import { useActionState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import { lockAction, type ModerationState } from './actions'

/** The review lock's state and its buttons (take, release; admins take over). */
export function LockBar({ projectId, back, text, buttons }: { projectId: string; back: string; text: string; buttons: { op: 'take' | 'release' | 'override'; label: string }[] }) {
  const [state, action, pending] = useActionState<ModerationState, FormData>(lockAction, {})
  return (
    <form action={action} className="moderation-lock">
      <input type="hidden" name="project" value={projectId} />
      <input type="hidden" name="back" value={back} />
      <p className="moderation-lock__text" role="status" data-testid="lock-text">
        {text}
      </p>
      <div className="moderation-lock__buttons">
        {buttons.map((b) => (
          <button key={b.op} type="submit" name="op" value={b.op} className={b.op === 'release' ? 'button button--secondary button--small' : 'button button--primary button--small'} disabled={pending}>
            {b.label}
          </button>
        ))}
      </div>
      <FormOutcome error={state.error} />
    </form>
  )
}
