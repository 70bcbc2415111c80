'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { submitWithoutReset, TextInput } from '@/components/project/settings/fields'

import { createOrganizationAction, saveOrganizationAction, type OrgFormState } from './actions'
import { Outcome } from './Outcome'

type Stored = { name: string; slug: string; summary: string }

/** Name, URL and summary: creating an organization (no `organizationId`) or editing one. */
export function DetailsForm({ organizationId, stored, canSave = true, saved }: { organizationId?: string; stored: Stored; canSave?: boolean; saved?: boolean }) {
  const t = useTranslations('Organizations')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(organizationId ? saveOrganizationAction : createOrganizationAction, saved ? { done: t('saved') } : {})
  const idPrefix = organizationId ? 'org' : 'new-org'
  const fieldState = { fields: state.fields, values: state.values }
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form project-settings__form" noValidate aria-label={organizationId ? undefined : t('createHeading')}>
      {organizationId ? <input type="hidden" name="organization" value={organizationId} /> : null}
      {organizationId ? <input type="hidden" name="currentSlug" value={stored.slug} /> : null}
      <fieldset disabled={!canSave} className="project-settings__fieldset">
        <TextInput idPrefix={idPrefix} name="name" label={t('name')} state={fieldState} stored={stored.name} maxLength={64} />
        <TextInput idPrefix={idPrefix} name="slug" label={t('slug')} hint={t('slugHint')} state={fieldState} stored={stored.slug} maxLength={64} />
        <TextInput idPrefix={idPrefix} name="summary" label={t('summary')} hint={t('summaryHint')} state={fieldState} stored={stored.summary} multiline rows={3} maxLength={256} />
      </fieldset>
      <Outcome state={state} />
      {canSave ? (
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {organizationId ? t('save') : t('create')}
        </button>
      ) : null}
    </form>
  )
}
