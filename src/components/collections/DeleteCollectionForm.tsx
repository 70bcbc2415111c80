'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { deleteCollectionAction, type DeleteState } from './actions'

/** Deleting a collection: type its name to confirm (the projects themselves stay). */
export function DeleteCollectionForm({ collectionId, name, onCancel }: { collectionId: string; name: string; onCancel: () => void }) {
  const t = useTranslations('Collections')
  const [state, action, pending] = useActionState<DeleteState, FormData>(deleteCollectionAction, {})
  return (
    <form action={action} className="settings-form collection-form">
      <input type="hidden" name="collection" value={collectionId} />
      <input type="hidden" name="expected" value={name} />
      <p className="project-settings__hint">{t('delete.warning')}</p>
      <div className="project-settings__field">
        <label htmlFor="collection-delete-confirm" className="project-settings__label">
          {t('delete.confirmLabel', { name })}
        </label>
        <input id="collection-delete-confirm" name="confirm" autoComplete="off" className="project-settings__input" />
      </div>
      {state.form ? (
        <p className="project-settings__error" role="alert">
          {state.form}
        </p>
      ) : null}
      <div className="create-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--danger" disabled={pending} aria-busy={pending || undefined}>
          {t('delete.confirm')}
        </button>
      </div>
    </form>
  )
}
