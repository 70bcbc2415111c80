import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { StartupForm } from '@/components/servers/StartupForm'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { AUTO_HEAP_SHARE, allowedFlagsText, maxHeapMb, MIN_HEAP_MB } from '@/lib/hosting/startup'
import { optionsLocked } from '@/lib/hosting/status'
import { readStartup } from '@/plugins/hosting/service/options'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('startup.title'), robots: { index: false } }
}

/** /servers/manage/{id}/options/startup: the game's memory (Node's heap limit) and extra Node flags. */
export default async function ServerStartupPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server || !viewer.user) notFound()
  const { startup, ramMiB } = await readStartup(viewer.payload, viewer.user, id)
  const locked = optionsLocked(server.status)
  const heap = { min: MIN_HEAP_MB, max: maxHeapMb(ramMiB) }
  const auto = Math.floor(ramMiB * AUTO_HEAP_SHARE)
  return (
    <section className="settings-card" aria-labelledby="server-startup">
      <h2 id="server-startup" className="settings-card__title">
        {t('startup.title')}
      </h2>
      <p className="project-settings__hint">{t('startup.hint')}</p>
      {locked ? <p className="server-notice">{t('overview.installing')}</p> : null}
      <StartupForm
        serverId={id}
        values={{ heap: startup.heap_mb ? String(startup.heap_mb) : '', flags: (startup.flags ?? []).join(' ') }}
        heap={heap}
        running={server.powerState === 'running' || server.powerState === 'starting'}
        locked={locked}
        text={{
          memory: t('startup.memory'),
          planRam: t('startup.planRam', { ram: ramMiB }),
          automatic: t('startup.automatic'),
          memoryHint: heap.max < heap.min ? t('startup.memoryNone', { auto }) : t('startup.memoryHint', { min: heap.min, max: heap.max, auto }),
          flags: t('startup.flags'),
          flagsHint: t('startup.flagsHint', { list: allowedFlagsText().join(', ') }),
          save: t('startup.save'),
          restartNow: t('startup.restartNow'),
        }}
      />
    </section>
  )
}
