import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { PreferencesForm } from '@/components/servers/PreferencesForm'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('preferences.title'), robots: { index: false } }
}

/** /servers/manage/{id}/options/preferences: auto-restart after a crash, and how the overview shows the server. */
export default async function ServerPreferencesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server) notFound()
  return (
    <section className="settings-card" aria-labelledby="server-preferences">
      <h2 id="server-preferences" className="settings-card__title">
        {t('preferences.title')}
      </h2>
      <PreferencesForm
        serverId={id}
        values={server.preferences}
        text={{
          autoRestart: t('preferences.autoRestart'),
          autoRestartHint: t('preferences.autoRestartHint'),
          ramAsPercent: t('preferences.ramAsPercent'),
          hideSubdomainLabel: t('preferences.hideSubdomainLabel'),
          confirmPower: t('preferences.confirmPower'),
          save: t('preferences.save'),
        }}
      />
    </section>
  )
}
