import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { requireUser } from '@/lib/auth/guard'
import { reportsBy } from '@/lib/data/dashboard'
import { currentViewer } from '@/lib/data/currentViewer'
import { reasonNamer } from '@/lib/reports/reasonNames'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Dashboard.reports')
  return { title: t('metaTitle'), robots: { index: false } }
}

/** /dashboard/reports: the reports you filed and whether staff have closed them; each opens with its conversation. */
export default async function DashboardReportsPage() {
  await requireUser()
  const [t, format, viewer, reasonName] = await Promise.all([getTranslations('Dashboard.reports'), getFormatter(), currentViewer(), reasonNamer()])
  const reports = await reportsBy(viewer)
  return (
    <DashboardFrame active="reports" title={t('heading')} lead={t('lead')}>
      {reports.length === 0 ? (
        <p className="empty-note">{t('empty')}</p>
      ) : (
        <ul className="notification-list" aria-label={t('listLabel')}>
          {reports.map((r) => (
            <li key={r.id} className={r.closed ? 'notification notification--read' : 'notification'}>
              <div className="notification__body">
                <p className="notification__title">
                  <strong>{reasonName(r.type)}</strong> · {r.itemPath ? <Link href={r.itemPath}>{t('item', { type: r.itemType, id: r.itemId })}</Link> : t('item', { type: r.itemType, id: r.itemId })}
                </p>
                <p className="notification__text">
                  <Link href={`/dashboard/report/${encodeURIComponent(r.id)}`}>{r.body.length > 240 ? `${r.body.slice(0, 240)}…` : r.body}</Link>
                </p>
                <p className="notification__meta">
                  <time dateTime={r.created}>{format.dateTime(new Date(r.created), { dateStyle: 'medium' })}</time> · {t(r.closed ? 'closed' : 'open')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardFrame>
  )
}
