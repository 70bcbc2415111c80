import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { SubdomainForm } from '@/components/servers/SubdomainForm'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { env } from '@/lib/env'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('network.title'), robots: { index: false } }
}

/** /servers/manage/{id}/options/network: the port and address, and the subdomain reserved for the server. */
export default async function ServerNetworkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server) notFound()
  const domain = env.hostingDomain()
  return (
    <section className="settings-card" aria-labelledby="server-network">
      <h2 id="server-network" className="settings-card__title">
        {t('network.title')}
      </h2>
      <dl className="server-facts">
        <dt>{t('network.address')}</dt>
        <dd>{server.address ?? '—'}</dd>
        <dt>{t('network.port')}</dt>
        <dd>{server.address?.split(':')[1] ?? '—'}</dd>
      </dl>
      {domain ? (
        <SubdomainForm
          serverId={id}
          value={server.subdomain ?? ''}
          domain={domain}
          text={{ label: t('network.subdomain'), hint: t('network.subdomainHint'), submit: t('network.reserve') }}
        />
      ) : (
        <p className="project-settings__hint">{t('network.notOffered')}</p>
      )}
    </section>
  )
}
