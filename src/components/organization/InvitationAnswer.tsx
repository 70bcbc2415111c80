'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { answerInvitationAction, type OrgFormState } from './actions'
import { Outcome } from './Outcome'

/** Accept or decline an invitation to an organization (the invitee's own answer). */
export function InvitationAnswer({ organizationId, label }: { organizationId: string; label: string }) {
  const t = useTranslations('Organizations')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(answerInvitationAction, {})
  return (
    <form action={action} className="member-header__actions" aria-label={label}>
      <input type="hidden" name="organization" value={organizationId} />
      <button type="submit" name="answer" value="accept" className="button button--primary" disabled={pending}>{t('accept')}</button>
      <button type="submit" name="answer" value="decline" className="button button--secondary" disabled={pending}>{t('decline')}</button>
      <Outcome state={state} />
    </form>
  )
}
