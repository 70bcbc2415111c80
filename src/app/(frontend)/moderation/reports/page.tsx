import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { ModerationFrame, requireModerator } from '@/components/moderation/ModerationFrame'
import { reportTypes, staffReports } from '@/lib/data/reports'
import { parseReportQuery, REPORT_SORTS, reportQueryHref } from '@/lib/reports/queue'
import { reasonNamer } from '@/lib/reports/reasonNames'
import { REPORT_ITEM_TYPES } from '@/lib/reports/rules'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Reports.staff')
  return { title: t('heading'), robots: { index: false, follow: false } }
}

/** /moderation/reports: reports, open or closed, with filters by item and reason, sort and search; staff only. */
export default async function ModerationReportsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireModerator()
  const [params, reasons, reasonName] = await Promise.all([searchParams, reportTypes(viewer), reasonNamer()])
  const query = parseReportQuery(params, reasons.map((r) => r.id))
  const [t, format, reports] = await Promise.all([getTranslations('Reports.staff'), getFormatter(), staffReports(viewer, query)])
  const list = reports ?? []
  const filtered = !!(query.itemType || query.reason || query.q)
  return (
    <ModerationFrame active="reports" title={t('heading')} lead={t('lead')}>
      <nav className="analytics-ranges" aria-label={t('heading')}>
        <ul>
          <li>
            <Link href={reportQueryHref(query, { closed: false })} className="analytics-range" aria-current={!query.closed ? 'page' : undefined}>
              {t('showOpen')}
            </Link>
          </li>
          <li>
            <Link href={reportQueryHref(query, { closed: true })} className="analytics-range" aria-current={query.closed ? 'page' : undefined}>
              {t('showClosed')}
            </Link>
          </li>
        </ul>
      </nav>
      <form method="get" action="/moderation/reports" className="moderation-filters" role="search" aria-label={t('filters')}>
        {query.closed ? <input type="hidden" name="show" value="closed" /> : null}
        <label>
          {t('type')}
          <select name="type" defaultValue={query.itemType ?? ''} className="project-settings__input">
            <option value="">{t('allTypes')}</option>
            {REPORT_ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('reason')}
          <select name="reason" defaultValue={query.reason ?? ''} className="project-settings__input">
            <option value="">{t('allReasons')}</option>
            {reasons.map((r) => (
              <option key={r.id} value={r.id}>
                {reasonName(r.id)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('sort')}
          <select name="sort" defaultValue={query.sort} className="project-settings__input">
            {REPORT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search')}
          <input type="search" name="q" defaultValue={query.q} className="project-settings__input" maxLength={100} placeholder={t('searchHint')} />
        </label>
        <button type="submit" className="button button--secondary">
          {t('apply')}
        </button>
        {filtered ? (
          <Link href={reportQueryHref(query, { itemType: null, reason: null, q: '' })} className="button button--secondary">
            {t('clear')}
          </Link>
        ) : null}
      </form>
      <p className="moderation-count" role="status">
        {t('count', { count: list.length })}
      </p>
      {list.length === 0 ? (
        <p className="empty-note">{filtered ? t('emptyFiltered') : t('empty')}</p>
      ) : (
        <ol className="moderation-queue">
          {list.map((r) => (
            <li key={r.id} className="moderation-queue__item moderation-queue__item--report" data-testid="report-item">
              <div className="moderation-queue__text">
                <p className="moderation-queue__title">
                  <Link href={`/moderation/reports/${encodeURIComponent(r.id)}`} aria-label={t('open', { item: r.item.label })}>
                    {r.item.label}
                  </Link>{' '}
                  <span className="moderation-queue__type">
                    {(REPORT_ITEM_TYPES as readonly string[]).includes(r.itemType) ? t(`itemTypes.${r.itemType as 'project'}`) : r.itemType} · {reasonName(r.reason)}
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
