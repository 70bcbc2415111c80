import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { analyticsHref, type AnalyticsQuery } from '@/lib/analytics/query'
import { RANGE_KEYS } from '@/lib/analytics/ranges'
import { METRICS } from '@/lib/analytics/series'
import type { AnalyticsData } from '@/lib/data/analytics'
import { formatNumber } from '@/lib/format'

import { AnalyticsChart } from './AnalyticsChart'

/**
 * Analytics of some projects (the dashboard's, one project's, an organization's): range, metric,
 * chart or table, CSV export. Everything is a link or a GET form, so it works without JavaScript
 * but for the chart, whose figures the table view shows too.
 */
export async function AnalyticsView({ base, query, data, exportScope = {} }: { base: string; query: AnalyticsQuery; data: AnalyticsData; exportScope?: Record<string, string> }) {
  const t = await getTranslations('Analytics')
  const { range, series } = data
  const exportHref = analyticsHref('/dashboard/analytics/export', query, {}, exportScope)
  return (
    <div className="analytics">
      <nav className="analytics-ranges" aria-label={t('rangesLabel')}>
        <ul>
          {RANGE_KEYS.filter((k) => k !== 'custom').map((k) => (
            <li key={k}>
              <Link href={analyticsHref(base, query, { range: k })} aria-current={range.key === k ? 'page' : undefined} className="analytics-range">
                {t(`ranges.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
        <form method="get" action={base} className="analytics-custom">
          <input type="hidden" name="range" value="custom" />
          <input type="hidden" name="metric" value={query.metric} />
          {query.view === 'table' ? <input type="hidden" name="view" value="table" /> : null}
          <label>
            {t('from')} <input type="date" name="from" defaultValue={range.from} required />
          </label>
          <label>
            {t('to')} <input type="date" name="to" defaultValue={range.to} required />
          </label>
          <button type="submit" className="button button--secondary button--small" aria-current={range.key === 'custom' ? 'true' : undefined}>
            {t('ranges.custom')}
          </button>
        </form>
      </nav>
      {range.error ? (
        <p className="settings-form__error" role="alert">
          {t(`errors.${range.error}`)}
        </p>
      ) : null}
      <p className="analytics-span">{t('span', { from: range.from, to: range.to })}</p>

      <ul className="analytics-metrics" aria-label={t('metricsLabel')}>
        {METRICS.map((m) => (
          <li key={m}>
            <Link href={analyticsHref(base, query, { metric: m })} aria-current={query.metric === m ? 'page' : undefined} className="analytics-metric">
              <span>{t(`metrics.${m}`)}</span>
              <strong>{formatNumber(data.totals[m])}</strong>
            </Link>
          </li>
        ))}
      </ul>

      <div className="analytics-toolbar">
        <Link href={analyticsHref(base, query, { view: query.view === 'chart' ? 'table' : 'chart' })}>{t(query.view === 'chart' ? 'showTable' : 'showChart')}</Link>
        <a href={exportHref} download>
          {t('exportCsv')}
        </a>
      </div>

      {series.length === 0 ? (
        <p className="empty-note">{t('noProjects')}</p>
      ) : query.view === 'chart' ? (
        <AnalyticsChart days={range.days} series={series} label={t('chartLabel', { metric: t(`metrics.${query.metric}`), from: range.from, to: range.to })} />
      ) : (
        <div className="dashboard-table-wrap">
          <table className="dashboard-table analytics-table">
            <caption>{t('tableCaption', { metric: t(`metrics.${query.metric}`), from: range.from, to: range.to })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                {series.map((s) => (
                  <th scope="col" key={s.projectId} className="dashboard-table__number">
                    {s.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {range.days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {series.map((s) => (
                    <td key={s.projectId} className="dashboard-table__number">
                      {formatNumber(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('total')}</th>
                {series.map((s) => (
                  <td key={s.projectId} className="dashboard-table__number">
                    {formatNumber(s.total)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  )
}
