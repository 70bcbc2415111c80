import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { ServerNotices } from '@/components/servers/ServerNotices'
import { ServerStatusBadge } from '@/components/servers/ServerStatusBadge'
import { requireUser } from '@/lib/auth/guard'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { noticesFor } from '@/lib/data/serverStaff'

/** A server's pages (auth; owner or staff, else 404): its name, state and the options' navigation. */
export default async function ServerLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  const { id } = await params
  await requireUser(`/servers/manage/${id}`)
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server) notFound()
  const notices = await noticesFor(viewer, server)
  return (
    <div className="container server-page">
      <header className="server-page__header">
        <h1>{server.name}</h1>
        <ServerStatusBadge status={server.status} power={server.powerState} reason={server.suspensionReason} />
      </header>
      <nav className="server-page__nav" aria-label={server.name}>
        <Link href={`/servers/manage/${id}`}>{t('nav.overview')}</Link>
        <Link href={`/servers/manage/${id}/content`}>{t('nav.content')}</Link>
        <Link href={`/servers/manage/${id}/files`}>{t('nav.files')}</Link>
        <Link href={`/servers/manage/${id}/backups`}>{t('nav.backups')}</Link>
        <Link href={`/servers/manage/${id}/options/info`}>{t('nav.info')}</Link>
        <Link href={`/servers/manage/${id}/options/properties`}>{t('nav.properties')}</Link>
        <Link href={`/servers/manage/${id}/options/network`}>{t('nav.network')}</Link>
        <Link href={`/servers/manage/${id}/options/loader`}>{t('nav.loader')}</Link>
        <Link href={`/servers/manage/${id}/options/startup`}>{t('nav.startup')}</Link>
        <Link href={`/servers/manage/${id}/options/preferences`}>{t('nav.preferences')}</Link>
        <Link href={`/servers/manage/${id}/options/billing`}>{t('nav.billing')}</Link>
      </nav>
      {/* The owner dismisses; staff looking at someone's server only read them. */}
      <ServerNotices serverId={server.id} notices={notices} dismissText={t('notices.dismiss')} />
      {children}
    </div>
  )
}
