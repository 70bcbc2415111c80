import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { PropertiesForm } from '@/components/servers/PropertiesForm'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { optionsLocked } from '@/lib/hosting/status'
import { readProperties } from '@/plugins/hosting/service/acts'
import { HostingError } from '@/plugins/hosting/service/rows'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('properties.title'), robots: { index: false } }
}

/** /servers/manage/{id}/options/properties: a form over the server's `server.properties`. */
export default async function ServerPropertiesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server || !viewer.user) notFound()
  const locked = optionsLocked(server.status)
  let values: Record<string, string> = {}
  let error: string | null = null
  if (!locked) {
    try {
      values = await readProperties(viewer.payload, viewer.user, id)
    } catch (e) {
      if (!(e instanceof HostingError)) throw e
      error = e.message
    }
  }
  const keys = ['motd', 'maxPlayers', 'gamemode', 'difficulty', 'seed', 'viewDistance', 'whitelist', 'spawnProtection', 'save', 'hint'] as const
  return (
    <section className="settings-card" aria-labelledby="server-properties">
      <h2 id="server-properties" className="settings-card__title">
        {t('properties.title')}
      </h2>
      {locked ? <p className="server-notice">{t('overview.installing')}</p> : null}
      {error ? <p className="form-error">{error}</p> : null}
      <PropertiesForm
        serverId={id}
        locked={locked || !!error}
        values={values}
        text={{
          ...(Object.fromEntries(keys.map((k) => [k, t(`properties.${k}`)])) as Record<(typeof keys)[number], string>),
          gamemodes: { survival: t('properties.gamemodes.survival'), creative: t('properties.gamemodes.creative'), adventure: t('properties.gamemodes.adventure'), spectator: t('properties.gamemodes.spectator') },
          difficulties: { peaceful: t('properties.difficulties.peaceful'), easy: t('properties.difficulties.easy'), normal: t('properties.difficulties.normal'), hard: t('properties.difficulties.hard') },
        }}
      />
    </section>
  )
}
