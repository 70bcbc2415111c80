'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { uploadCollectionIcon, type IconFormState } from './actions'
import { FormOutcome } from '@/components/site/FormOutcome'

/** The collection's icon: upload a new one, or remove it. */
export function CollectionIconForm({ collectionId, hasIcon }: { collectionId: string; hasIcon: boolean }) {
  const t = useTranslations('Collections')
  const [state, action, pending] = useActionState<IconFormState, FormData>(uploadCollectionIcon, {})
  return (
    <form action={action} className="settings-form collection-form">
      <input type="hidden" name="collection" value={collectionId} />
      <div className="project-settings__field">
        <label htmlFor="collection-icon" className="project-settings__label">
          {t('icon.file')}
        </label>
        <p id="collection-icon-hint" className="project-settings__hint">{t('icon.hint')}</p>
        <input id="collection-icon" type="file" name="icon" accept="image/png,image/jpeg,image/webp,image/gif" aria-describedby="collection-icon-hint" className="project-settings__input" />
      </div>
      <div className="create-dialog__actions">
        {hasIcon ? (
          <button type="submit" name="remove" value="1" className="button button--secondary" disabled={pending}>
            {t('icon.remove')}
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {t('icon.upload')}
        </button>
      </div>
      <FormOutcome error={state.form} done={state.done} />
    </form>
  )
}
