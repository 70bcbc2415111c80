'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { uploadProjectIcon, type IconState } from './actions'

/** The project's icon: shown in search, on the project page and in launchers. */
export function IconForm({ projectId, iconUrl, canSave }: { projectId: string; iconUrl: string | null; canSave: boolean }) {
  const t = useTranslations('ProjectSettings')
  const [state, action, pending] = useActionState<IconState, FormData>(uploadProjectIcon, {})
  return (
    <section className="settings-card account-card" aria-labelledby="ps-icon-title">
      <h2 id="ps-icon-title" className="settings-card__title">{t('icon.heading')}</h2>
      {iconUrl ? <img src={iconUrl} alt="" width={96} height={96} className="project-settings__icon" /> : <p className="project-settings__hint">{t('icon.none')}</p>}
      {canSave ? (
        <form action={action} className="settings-form">
          <input type="hidden" name="project" value={projectId} />
          <div className="project-settings__field">
            <label htmlFor="ps-icon" className="project-settings__label">{t('icon.file')}</label>
            <input id="ps-icon" type="file" name="icon" accept="image/png,image/jpeg,image/webp,image/gif" className="project-settings__input" />
          </div>
          <button type="submit" className="button button--primary" disabled={pending}>{t('icon.upload')}</button>
          {state.form ? <p className="project-settings__error" role="alert">{state.form}</p> : null}
          {state.done ? <p className="project-settings__saved" role="status">{state.done}</p> : null}
        </form>
      ) : null}
    </section>
  )
}
