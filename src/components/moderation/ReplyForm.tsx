'use client'

import { useActionState, useEffect, useRef } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import { replyAction, type ModerationState } from './actions'

/** A message in the project's moderation thread; staff may keep it to staff. */
export function ReplyForm({ threadId, back, staff, texts }: { threadId: string; back: string; staff: boolean; texts: { reply: string; private: string; send: string } }) {
  const [state, action, pending] = useActionState<ModerationState, FormData>(replyAction, {})
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (state.done) ref.current?.reset()
  }, [state])
  return (
    <form ref={ref} action={action} className="moderation-reply">
      <input type="hidden" name="thread" value={threadId} />
      <input type="hidden" name="back" value={back} />
      <div className="project-settings__field">
        <label htmlFor="thread-reply" className="project-settings__label">
          {texts.reply}
        </label>
        <textarea id="thread-reply" name="text" rows={4} className="project-settings__input" required maxLength={65536} />
      </div>
      {staff ? (
        <label className="moderation-reply__private">
          <input type="checkbox" name="private" /> {texts.private}
        </label>
      ) : null}
      <FormOutcome error={state.error} done={state.done} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {texts.send}
      </button>
    </form>
  )
}
