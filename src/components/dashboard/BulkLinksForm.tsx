'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'
import { BULK_LINKS, BULK_LINKS_FORM } from '@/lib/projectSettings/bulkLinks'

import { saveBulkLinks, type BulkLinksState } from './bulkLinksAction'

/**
 * Link changes for the projects ticked in the table. A disclosure, so the table stays first; it
 * works without JavaScript (the checkboxes post with the form wherever they are on the page).
 */
export function BulkLinksForm() {
  const t = useTranslations('BulkLinks')
  const [state, action, pending] = useActionState<BulkLinksState, FormData>(saveBulkLinks, {})
  return (
    <details className="bulk-links" open={!!(state.form || state.fields || state.done) || undefined}>
      <summary className="button button--secondary">{t('open')}</summary>
      <form id={BULK_LINKS_FORM} action={action} onSubmit={submitWithoutReset(action)} className="settings-form project-settings__form bulk-links__form" noValidate>
        <h2 className="project-settings__subheading">{t('heading')}</h2>
        <p className="project-settings__hint">{t('lead')}</p>
        {BULK_LINKS.map((key) => {
          const error = state.fields?.[key]
          return (
            <div key={key} className="project-settings__field">
              <label htmlFor={`bulk-${key}`} className="project-settings__label">
                {t(key)}
              </label>
              <input id={`bulk-${key}`} name={key} type="url" inputMode="url" className="project-settings__input" aria-invalid={error ? true : undefined} aria-describedby={error ? `bulk-${key}-error` : undefined} />
              {error ? (
                <p id={`bulk-${key}-error`} className="project-settings__field-error" role="alert">
                  {error}
                </p>
              ) : null}
              <label className="bulk-links__clear">
                <input type="checkbox" name={`${key}Clear`} aria-label={t('clearOf', { link: t(key) })} /> {t('clear')}
              </label>
            </div>
          )
        })}
        <FormOutcome error={state.form} done={state.done} />
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {t('save')}
        </button>
      </form>
    </details>
  )
}
