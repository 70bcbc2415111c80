import config from '@payload-config'
import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { getPayload } from 'payload'

import { SessionList } from '@/components/settings/sessions/SessionList'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { listSessions } from '@/lib/auth/sessions'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Sessions')
  return { title: t('title'), robots: { index: false } }
}

/** /settings/sessions (auth): every place the account is signed in, each revocable. */
export default async function SessionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser()
  const [t, params, sessions] = await Promise.all([getTranslations('Sessions'), searchParams, listSessions(await getPayload({ config }), user.id, user._sid)])
  return (
    <SettingsFrame active="sessions" title={t('title')} lead={t('lead')}>
      {params.revoked ? <p className="project-settings__saved" role="status">{t('revoked')}</p> : null}
      {params.missing ? <p className="project-settings__error" role="alert">{t('notFound')}</p> : null}
      <SessionList sessions={sessions} />
      {sessions.length <= 1 ? <p className="project-settings__hint">{t('none')}</p> : null}
    </SettingsFrame>
  )
}
