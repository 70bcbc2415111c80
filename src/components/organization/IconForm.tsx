'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { uploadOrganizationIconAction, type OrgFormState } from './actions'
import { Outcome } from './Outcome'

/** The organization's icon (EDIT_DETAILS): shown on its page and beside its projects. */
export function IconForm({ organizationId, iconUrl, canSave }: { organizationId: string; iconUrl: string | null; canSave: boolean }) {
  const t = useTranslations('Organizations')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(uploadOrganizationIconAction, {})
  return (
    <section className="settings-card account-card" aria-labelledby="org-icon-title">
      <h2 id="org-icon-title" className="settings-card__title">{t('icon.heading')}</h2>
      {iconUrl ? <img src={iconUrl} alt="" width={96} height={96} className="project-settings__icon" /> : <p className="project-settings__hint">{t('icon.none')}</p>}
      {canSave ? (
        <form action={action} className="settings-form">
          <input type="hidden" name="organization" value={organizationId} />
          <div className="project-settings__field">
            <label htmlFor="org-icon" className="project-settings__label">{t('icon.file')}</label>
            <input id="org-icon" type="file" name="icon" accept="image/png,image/jpeg,image/webp,image/gif" className="project-settings__input" />
          </div>
          <button type="submit" className="button button--primary" disabled={pending}>{t('icon.upload')}</button>
          <Outcome state={state} />
        </form>
      ) : null}
    </section>
  )
}
