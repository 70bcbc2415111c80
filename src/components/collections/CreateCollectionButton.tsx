'use client'

import { useTranslations } from 'next-intl'

import { CollectionForm } from './CollectionForm'
import { ModalButton } from './ModalButton'

/** "Create new" on the dashboard: a dialog with the new collection's fields; saving opens it. */
export function CreateCollectionButton() {
  const t = useTranslations('Collections')
  return (
    <ModalButton label={t('createNew')} title={t('createTitle')} buttonClass="button button--primary">
      {() => <CollectionForm idPrefix="nc" />}
    </ModalButton>
  )
}
