'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { deleteProject, type DeleteState } from './actions'

/** Deleting asks for the project's name, typed out: it cannot be undone. */
export function DeleteProject({ projectId, title }: { projectId: string; title: string }) {
  const t = useTranslations('ProjectSettings')
  const [state, action, pending] = useActionState<DeleteState, FormData>(deleteProject, {})
  return (
    <section className="project-settings__danger" aria-labelledby="ps-delete-title">
      <h2 id="ps-delete-title" className="project-settings__subheading">
        {t('delete.heading')}
      </h2>
      <p>{t('delete.body')}</p>
      <form action={action} className="project-settings__delete">
        <input type="hidden" name="project" value={projectId} />
        <label htmlFor="ps-delete-confirm" className="project-settings__label">
          {t('delete.confirm', { title })}
        </label>
        <input id="ps-delete-confirm" name="confirm" autoComplete="off" className="project-settings__input" aria-describedby={state.form ? 'ps-delete-error' : undefined} />
        {state.form ? (
          <p id="ps-delete-error" className="project-settings__field-error" role="alert">
            {state.form}
          </p>
        ) : null}
        <button type="submit" className="button button--danger" disabled={pending} aria-busy={pending || undefined}>
          {t('delete.button')}
        </button>
      </form>
    </section>
  )
}
