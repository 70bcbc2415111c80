import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { AuthorizationList } from '@/components/settings/authorizations/AuthorizationList'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { listGrantedApps } from '@/lib/data/oauth'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Authorizations')
  return { title: t('title'), robots: { index: false } }
}

/** /settings/authorizations (auth): the applications the user let act for them, and revoking them. */
export default async function AuthorizationsPage() {
  await requireUser()
  const [t, apps] = await Promise.all([getTranslations('Authorizations'), currentViewer().then(listGrantedApps)])
  return (
    <SettingsFrame active="authorizations" title={t('title')} lead={t('lead')}>
      <AuthorizationList apps={apps} />
    </SettingsFrame>
  )
}
