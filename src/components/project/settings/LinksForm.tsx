'use client'

import { useTranslations } from 'next-intl'

import { SettingsFormFrame, TextInput, useSettingsForm } from './fields'

export type LinkValues = { issuesUrl: string; sourceUrl: string; wikiUrl: string; discordUrl: string; donations: Record<string, string> }

/** Issue tracker, source, wiki, Discord invite and donation links. */
export function LinksForm({ projectId, stored, platforms, canSave }: { projectId: string; stored: LinkValues; platforms: { id: string; name: string }[]; canSave: boolean }) {
  const t = useTranslations('ProjectSettings')
  const [state, action, pending] = useSettingsForm()
  return (
    <SettingsFormFrame section="links" projectId={projectId} state={state} action={action} pending={pending} canSave={canSave}>
      <TextInput name="issuesUrl" type="url" label={t('links.issues')} state={state} stored={stored.issuesUrl} />
      <TextInput name="sourceUrl" type="url" label={t('links.source')} state={state} stored={stored.sourceUrl} />
      <TextInput name="wikiUrl" type="url" label={t('links.wiki')} state={state} stored={stored.wikiUrl} />
      <TextInput name="discordUrl" type="url" label={t('links.discord')} hint={t('links.discordHint')} state={state} stored={stored.discordUrl} />
      <h2 className="project-settings__subheading">{t('links.donations')}</h2>
      {platforms.map((p) => (
        <TextInput key={p.id} name={`donation-${p.id}`} type="url" label={p.name} state={state} stored={stored.donations[p.id] ?? ''} />
      ))}
    </SettingsFormFrame>
  )
}
