import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { CreateAppForm } from '@/components/settings/applications/AppForms'
import { AppList } from '@/components/settings/applications/AppList'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { listOwnApps } from '@/lib/data/oauth'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Applications')
  return { title: t('title'), robots: { index: false } }
}

/** /settings/applications (auth): the OAuth applications the user registered. */
export default async function ApplicationsPage() {
  await requireUser()
  const [t, apps] = await Promise.all([getTranslations('Applications'), currentViewer().then(listOwnApps)])
  return (
    <SettingsFrame active="applications" title={t('title')} lead={t('lead')}>
      <CreateAppForm />
      <AppList apps={apps} />
    </SettingsFrame>
  )
}
