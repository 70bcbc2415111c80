import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { ModerationFrame, requireModerator } from '@/components/moderation/ModerationFrame'
import { staffReports } from '@/lib/data/reports'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Reports.staff')
  return { title: t('heading'), robots: { index: false, follow: false } }
}

/** /moderation/reports: open reports oldest first (or the closed ones); staff only. */
export default async function ModerationReportsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireModerator()
  const closed = (await searchParams).show === 'closed'
  const [t, format, reports] = await Promise.all([getTranslations('Reports.staff'), getFormatter(), staffReports(viewer, { closed })])
  return (
    <ModerationFrame active="reports" title={t('heading')} lead={t('lead')}>
      <nav className="analytics-ranges" aria-label={t('heading')}>
        <ul>
          <li>
            <Link href="/moderation/reports" className="analytics-range" aria-current={!closed ? 'page' : undefined}>
              {t('showOpen')}
            </Link>
          </li>
          <li>
            <Link href="/moderation/reports?show=closed" className="analytics-range" aria-current={closed ? 'page' : undefined}>
              {t('showClosed')}
            </Link>
          </li>
        </ul>
      </nav>
      {!reports?.length ? (
        <p className="empty-note">{t('empty')}</p>
      ) : (
        <ol className="moderation-queue">
          {reports.map((r) => (
            <li key={r.id} className="moderation-queue__item moderation-queue__item--report" data-testid="report-item">
              <div className="moderation-queue__text">
                <p className="moderation-queue__title">
                  <Link href={`/moderation/reports/${encodeURIComponent(r.id)}`} aria-label={t('open', { item: r.item.label })}>
                    {r.item.label}
                  </Link>{' '}
                  <span className="moderation-queue__type">
                    {r.itemType} · {r.reason}
                  </span>
                </p>
                <p className="moderation-queue__summary">{r.body.length > 200 ? `${r.body.slice(0, 200)}…` : r.body}</p>
                <p className="moderation-queue__meta">
                  {r.reporter ?? '—'} · <time dateTime={r.created}>{format.dateTime(new Date(r.created), { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </ModerationFrame>
  )
}
