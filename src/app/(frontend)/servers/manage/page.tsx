import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { ServerStatusBadge } from '@/components/servers/ServerStatusBadge'
import { requireUser } from '@/lib/auth/guard'
import { serversOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('manage.title'), robots: { index: false } }
}

/** /servers/manage (auth): the user's servers with their state, address and plan. */
export default async function ManageServersPage() {
  await requireUser('/servers/manage')
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const servers = await serversOf(viewer)
  return (
    <div className="container servers-manage">
      <h1>{t('manage.title')}</h1>
      {servers.length ? (
        <ul className="server-list">
          {servers.map((s) => (
            <li key={s.id} className="server-list__item">
              <Link href={`/servers/manage/${s.id}`} className="server-list__name">
                {s.name}
              </Link>
              <ServerStatusBadge status={s.status} power={s.powerState} reason={s.suspensionReason} />
              <span className="server-list__address">{s.address ?? '—'}</span>
              <span className="server-list__plan">{s.planName}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          {t('manage.empty')} <Link href="/servers">{t('manage.getOne')}</Link>
        </p>
      )}
    </div>
  )
}
