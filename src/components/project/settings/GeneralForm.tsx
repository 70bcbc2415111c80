'use client'

import { useTranslations } from 'next-intl'

import { ENVIRONMENTS, VISIBILITIES } from '@/lib/projectSettings/forms'

import { SelectInput, SettingsFormFrame, TextInput, useSettingsForm } from './fields'

export type GeneralValues = { title: string; slug: string; summary: string; clientSide: string; serverSide: string; visibility: string }

/** Title, URL, summary, environments and visibility. */
export function GeneralForm({ projectId, stored, canSave, approved }: { projectId: string; stored: GeneralValues; canSave: boolean; approved: boolean }) {
  const t = useTranslations('ProjectSettings')
  const [state, action, pending] = useSettingsForm()
  const environment = [{ value: '', label: t('general.choose') }, ...ENVIRONMENTS.map((e) => ({ value: e, label: t(`general.environments.${e}`) }))]
  const env = (v: string) => (v === 'unknown' ? '' : v)
  return (
    <SettingsFormFrame section="general" projectId={projectId} state={state} action={action} pending={pending} canSave={canSave}>
      <TextInput name="title" label={t('general.title')} state={state} stored={stored.title} maxLength={64} />
      <TextInput name="slug" label={t('general.slug')} hint={t('general.slugHint')} state={state} stored={stored.slug} maxLength={64} />
      <TextInput name="summary" label={t('general.summary')} hint={t('general.summaryHint')} state={state} stored={stored.summary} multiline rows={3} maxLength={256} />
      <div className="project-settings__row">
        <SelectInput name="clientSide" label={t('general.clientSide')} state={state} stored={env(stored.clientSide)} options={environment} />
        <SelectInput name="serverSide" label={t('general.serverSide')} state={state} stored={env(stored.serverSide)} options={environment} />
      </div>
      <SelectInput
        name="visibility"
        label={approved ? t('general.visibility') : t('general.visibilityAfterReview')}
        state={state}
        stored={stored.visibility}
        options={VISIBILITIES.map((v) => ({ value: v, label: t(`general.visibilities.${v}`) }))}
      />
    </SettingsFormFrame>
  )
}
