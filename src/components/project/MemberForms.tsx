'use client'

import { useActionState, type MouseEvent } from 'react'

import { Tooltip } from '@/components/feedback/Tooltip'

import { respondToInvitation, submitForReview, type MemberActionState } from './memberActions'

/**
 * Submit or resubmit for review. While required items remain it looks disabled but stays focusable
 * (aria-disabled, its clicks refused) and says what is left in a tooltip on hover and focus, which
 * is also its accessible description; the hint under it points at the checklist above.
 * Labels come from the server component: the checklist's messages stay off every page's client bundle.
 */
export function SubmitForm({ projectId, back, blocked, labels }: {
  projectId: string
  back: string
  blocked: boolean
  labels: { submit: string; disabled: string; submitted: string; left: string }
}) {
  const [state, action, pending] = useActionState<MemberActionState, FormData>(submitForReview, {})
  const refuse = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) event.preventDefault()
  }
  const button = (
    <button type="submit" className="button button--primary" disabled={pending} aria-disabled={blocked || undefined} aria-busy={pending || undefined} onClick={refuse}>
      {labels.submit}
    </button>
  )
  return (
    <form action={action} className="member-header__submit">
      <input type="hidden" name="project" value={projectId} />
      <input type="hidden" name="back" value={back} />
      {blocked ? <Tooltip text={labels.left}>{button}</Tooltip> : button}
      {blocked ? <p className="member-header__hint">{labels.disabled}</p> : null}
      {state.error ? <p role="alert" className="member-header__error">{state.error}</p> : null}
      {state.done ? <p role="status">{labels.submitted}</p> : null}
    </form>
  )
}

/** Accept or decline a pending invitation to the project's team. */
export function InvitationForm({ invitationId, back, labels }: { invitationId: string; back: string; labels: { accept: string; decline: string } }) {
  const [state, action, pending] = useActionState<MemberActionState, FormData>(respondToInvitation, {})
  return (
    <form action={action} className="member-header__invitation-actions">
      <input type="hidden" name="invitation" value={invitationId} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" name="answer" value="accept" className="button button--primary" disabled={pending}>
        {labels.accept}
      </button>
      <button type="submit" name="answer" value="decline" className="button button--secondary" disabled={pending}>
        {labels.decline}
      </button>
      {state.error ? <p role="alert" className="member-header__error">{state.error}</p> : null}
    </form>
  )
}
