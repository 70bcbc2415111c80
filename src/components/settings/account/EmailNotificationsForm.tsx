'use client'

import { useTranslations } from 'next-intl'
import { startTransition, useActionState, useState } from 'react'

import { EMAIL_KINDS, type EmailKind } from '@/lib/notifications/kinds'

import { saveEmailNotifications, type EmailPreferencesState } from './notificationActions'

/**
 * /settings/account "Email notifications" (issue 34): one switch per kind of notification that can
 * come by mail. A switch saves as it is flipped; without JavaScript the Save button does.
 */
export function EmailNotificationsForm({ preferences, verified }: { preferences: Record<EmailKind, boolean>; verified: boolean }) {
  const t = useTranslations('AccountSettings.emailNotifications')
  const [on, setOn] = useState(preferences)
  const [state, action, pending] = useActionState<EmailPreferencesState, FormData>(saveEmailNotifications, {})
  const flip = (kind: EmailKind, checked: boolean) => {
    const next = { ...on, [kind]: checked }
    setOn(next)
    // The whole set, as the form would send it (a box that is off is left out).
    const data = new FormData()
    for (const k of EMAIL_KINDS) if (next[k]) data.set(k, 'on')
    startTransition(() => action(data))
  }
  return (
    <section className="settings-card account-card" aria-labelledby="email-notifications" id="email-notifications-card">
      <h2 id="email-notifications" className="settings-card__title">{t('heading')}</h2>
      <p className="settings-card__lead">{t('lead')}</p>
      {verified ? null : <p className="project-settings__hint">{t('unverified')}</p>}
      <form action={action} className="settings-form">
        <ul className="toggle-list">
          {EMAIL_KINDS.map((kind) => (
            <li key={kind} className="toggle-row">
              <div className="toggle-row__text">
                <label htmlFor={`email-${kind}`} className="toggle-row__label">{t(`kinds.${kind}.label`)}</label>
                <p id={`email-${kind}-hint`} className="toggle-row__hint">{t(`kinds.${kind}.hint`)}</p>
              </div>
              <input
                id={`email-${kind}`}
                type="checkbox"
                role="switch"
                className="switch"
                name={kind}
                checked={on[kind]}
                aria-describedby={`email-${kind}-hint`}
                onChange={(event) => flip(kind, event.currentTarget.checked)}
              />
            </li>
          ))}
        </ul>
        <div className="settings-form__footer">
          <noscript>
            <button type="submit" className="button button--primary">{t('save')}</button>
          </noscript>
          {state.form ? <p className="project-settings__error" role="alert">{state.form}</p> : null}
          {/* A new node per save, so screen readers announce every save, not only the first. */}
          <p className="settings-form__status" role="status" aria-busy={pending}>
            {state.done ? <span key={state.saves}>{state.done}</span> : null}
          </p>
        </div>
      </form>
    </section>
  )
}
