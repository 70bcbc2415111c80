'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { revokeApp, type RevokeState } from './actions'

export function RevokeAppButton({ appId, name }: { appId: string; name: string }) {
  const t = useTranslations('Authorizations')
  const [state, action, pending] = useActionState<RevokeState>(revokeApp.bind(null, appId), {})
  return (
    <form action={action}>
      <button type="submit" className="button button--danger" disabled={pending} aria-label={t('revokeLabel', { name })}>{t('revoke')}</button>
      {state.form ? <p className="project-settings__error" role="alert">{state.form}</p> : null}
      {state.done ? <p className="project-settings__saved" role="status">{state.done}</p> : null}
    </form>
  )
}
