'use client'

import { useTranslations } from 'next-intl'

import { CollectionForm } from './CollectionForm'
import { CollectionIconForm } from './CollectionIconForm'
import { DeleteCollectionForm } from './DeleteCollectionForm'
import { ModalButton } from './ModalButton'

type Props = { id: string; name: string; summary: string | null; description: string | null; visibility: string; hasIcon: boolean }

/** The owner's prompts on a collection page (spec §2): edit, icon, delete. */
export function OwnerActions({ id, name, summary, description, visibility, hasIcon }: Props) {
  const t = useTranslations('Collections')
  return (
    <div className="collection-owner-actions" role="group" aria-label={t('ownerActions')}>
      <ModalButton label={t('edit')} title={t('editTitle')}>
        {(close) => <CollectionForm idPrefix="ec" stored={{ id, name, summary, description, visibility }} onDone={close} />}
      </ModalButton>
      <ModalButton label={t('icon.edit')} title={t('icon.title')}>
        {() => <CollectionIconForm collectionId={id} hasIcon={hasIcon} />}
      </ModalButton>
      <ModalButton label={t('delete.button')} title={t('delete.title')} buttonClass="button button--danger">
        {(close) => <DeleteCollectionForm collectionId={id} name={name} onCancel={close} />}
      </ModalButton>
    </div>
  )
}
