'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import type { SettingsFormState } from '@/components/project/settings/actions'
import { SelectInput, submitWithoutReset, TextInput } from '@/components/project/settings/fields'
import { COLLECTION_LIMITS as L, COLLECTION_VISIBILITIES } from '@/lib/collections/limits'

import { createCollectionAction, updateCollectionAction } from './actions'

type Stored = { id: string; name: string; summary: string | null; description: string | null; visibility: string }

/**
 * A collection's name, summary, description and visibility: a new one (`stored` absent; from a
 * project page `project` and `back` add that project and stay there) or an edit of `stored`.
 */
export function CollectionForm({ stored, project, back, idPrefix = 'cf', onDone }: { stored?: Stored; project?: string; back?: string; idPrefix?: string; onDone?: () => void }) {
  const t = useTranslations('Collections')
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(async (prev, form) => {
    const next = await (stored ? updateCollectionAction : createCollectionAction)(prev, form)
    if (next.done) onDone?.()
    return next
  }, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form collection-form" noValidate>
      {stored ? <input type="hidden" name="collection" value={stored.id} /> : null}
      {project ? <input type="hidden" name="project" value={project} /> : null}
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <TextInput idPrefix={idPrefix} name="name" label={t('fields.name')} hint={t('fields.nameHint', { min: L.nameMin, max: L.nameMax })} state={state} stored={stored?.name ?? ''} maxLength={L.nameMax} />
      <TextInput idPrefix={idPrefix} name="summary" label={t('fields.summary')} hint={t('fields.summaryHint', { max: L.summaryMax })} state={state} stored={stored?.summary ?? ''} maxLength={L.summaryMax} />
      {stored ? <TextInput idPrefix={idPrefix} name="description" label={t('fields.description')} hint={t('fields.descriptionHint', { max: L.descriptionMax })} state={state} stored={stored.description ?? ''} multiline rows={4} maxLength={L.descriptionMax} /> : null}
      <SelectInput idPrefix={idPrefix} name="visibility" label={t('fields.visibility')} state={state} stored={stored?.visibility ?? 'public'} options={COLLECTION_VISIBILITIES.map((v) => ({ value: v, label: t(`visibility.${v}`) }))} />
      {state.form ? (
        <p className="project-settings__error" role="alert">
          {state.form}
        </p>
      ) : null}
      {state.done && stored ? (
        <p role="status" className="project-settings__saved">
          {t('saved')}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
        {stored ? t('save') : t('create')}
      </button>
    </form>
  )
}
