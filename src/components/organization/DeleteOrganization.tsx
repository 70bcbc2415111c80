'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { deleteOrganizationAction, type OrgFormState } from './actions'

/** Deleting asks for the name typed out, and says where the projects go. */
export function DeleteOrganization({ organizationId, name, owner }: { organizationId: string; name: string; owner: string }) {
  const t = useTranslations('Organizations')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(deleteOrganizationAction, {})
  return (
    <section className="project-settings__danger" aria-labelledby="org-delete-title">
      <h2 id="org-delete-title" className="project-settings__subheading">{t('delete.heading')}</h2>
      <p>{t('delete.body', { owner })}</p>
      <form action={action} className="project-settings__delete">
        <input type="hidden" name="organization" value={organizationId} />
        <label htmlFor="org-delete-confirm" className="project-settings__label">{t('delete.confirm', { name })}</label>
        <input id="org-delete-confirm" name="confirm" autoComplete="off" className="project-settings__input" aria-describedby={state.form ? 'org-delete-error' : undefined} />
        {state.form ? <p id="org-delete-error" className="project-settings__field-error" role="alert">{state.form}</p> : null}
        <button type="submit" className="button button--danger" disabled={pending} aria-busy={pending || undefined}>{t('delete.button')}</button>
      </form>
    </section>
  )
}
