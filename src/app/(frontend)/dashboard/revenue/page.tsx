import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { PayoutTestModeNotice } from '@/components/revenue/PayoutTestModeNotice'
import { RevenueChart } from '@/components/revenue/RevenueChart'
import { RevenueExplanations } from '@/components/revenue/RevenueExplanations'
import { RevenueTabs } from '@/components/revenue/RevenueTabs'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { revenueHistory, revenueOverview, revenueSeries, teamChartAddsSomething } from '@/lib/data/revenue'
import type { Viewer } from '@/lib/data/viewer'
import { env } from '@/lib/env'
import { REVENUE_RANGES, revenueRangeOf } from '@/lib/revenue/display'
import { formatUsdMicro } from '@/lib/revenue/money'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Revenue')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/**
 * /dashboard/revenue (issue 30): the balance (available and pending, and when each pending amount
 * becomes available), revenue per day and project, and how each day's figure was computed — the
 * viewer's own, and the projects' where they hold "View revenue".
 */
export default async function RevenuePage({ searchParams }: Props) {
  const user = await requireUser()
  const [t, format, viewer, params] = await Promise.all([getTranslations('Revenue'), getFormatter(), currentViewer(), searchParams])
  const signed = { ...viewer, user } as Viewer & { user: typeof user }
  const range = revenueRangeOf(params.days)
  const [overview, history] = await Promise.all([revenueOverview(signed), revenueHistory(signed, range)])
  const untitled = (id: string) => t('explain.unknownProject', { id })
  const mine = revenueSeries(history, 'mine', untitled)
  const team = teamChartAddsSomething(history) ? revenueSeries(history, 'projects', untitled) : []
  const span = history.days.length ? { from: history.days[0], to: history.days.at(-1)! } : null
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long', timeZone: 'UTC' })
  return (
    <DashboardFrame active="revenue" title={t('heading')} lead={t('lead')}>
      <div className="dashboard-stack">
        <RevenueTabs active="overview" />
        <PayoutTestModeNotice testMode={overview.testMode} />
        {overview.held ? (
          <p className="revenue-held" role="status" data-testid="revenue-held">
            {t('balance.held')}
          </p>
        ) : null}
        <dl className="dashboard-stats" data-testid="revenue-balance">
          <div>
            <dt>{t('balance.available')}</dt>
            <dd data-testid="revenue-available">{formatUsdMicro(BigInt(overview.available))}</dd>
          </div>
          <div>
            <dt>{t('balance.pending')}</dt>
            <dd data-testid="revenue-pending">{formatUsdMicro(BigInt(overview.pending))}</dd>
          </div>
        </dl>
        <p className="revenue-actions">
          <Link href="/dashboard/revenue/withdraw" className="button button--primary">
            {t('balance.withdraw')}
          </Link>
          <Link href="/dashboard/revenue/transfers">{t('balance.transfers')}</Link>
        </p>

        <section className="settings-card" aria-labelledby="revenue-schedule-title">
          <h2 id="revenue-schedule-title" className="settings-card__title">
            {t('schedule.heading')}
          </h2>
          <p className="settings-card__lead">{t('schedule.lead', { days: env.revenueHoldDays() })}</p>
          {overview.schedule.length ? (
            <div className="dashboard-table-wrap">
              <table className="dashboard-table" data-testid="revenue-schedule">
                <caption className="visually-hidden">{t('schedule.heading')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('schedule.date')}</th>
                    <th scope="col" className="dashboard-table__number">
                      {t('schedule.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.schedule.map((s) => (
                    <tr key={s.availableAt}>
                      <th scope="row">
                        <time dateTime={s.availableAt}>{date(s.availableAt)}</time>
                      </th>
                      <td className="dashboard-table__number">{formatUsdMicro(BigInt(s.amount))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="settings-card__lead">{t('schedule.none')}</p>
          )}
        </section>

        <section className="settings-card revenue-chart" aria-labelledby="revenue-chart-title">
          <h2 id="revenue-chart-title" className="settings-card__title">
            {t('chart.heading')}
          </h2>
          <nav className="analytics-ranges" aria-label={t('chart.ranges')}>
            <ul>
              {REVENUE_RANGES.map((days) => (
                <li key={days}>
                  <Link href={`/dashboard/revenue?days=${days}`} className="analytics-range" aria-current={days === range ? 'page' : undefined}>
                    {t('chart.range', { days })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {!span ? (
            <p className="settings-card__lead">{t('chart.noDays')}</p>
          ) : (
            <>
              <p className="analytics-span">{t('chart.span', { from: span.from, to: span.to })}</p>
              {mine.length ? <RevenueChart days={history.days} series={mine} label={t('chart.label', { from: span.from, to: span.to })} /> : <p className="settings-card__lead">{t('chart.none')}</p>}
              {team.length ? (
                <>
                  <h3 className="revenue-chart__subheading">{t('chart.teamHeading')}</h3>
                  <p className="settings-card__lead">{t('chart.teamLead')}</p>
                  <RevenueChart days={history.days} series={team} label={t('chart.teamLabel', { from: span.from, to: span.to })} />
                </>
              ) : null}
            </>
          )}
        </section>

        <section className="settings-card" aria-labelledby="revenue-explain-title">
          <h2 id="revenue-explain-title" className="settings-card__title">
            {t('explain.heading')}
          </h2>
          <p className="settings-card__lead">{t('explain.lead')}</p>
          {history.explained.length ? <RevenueExplanations days={history.explained} projects={history.projects} /> : <p className="settings-card__lead">{t('explain.none')}</p>}
        </section>
      </div>
    </DashboardFrame>
  )
}
