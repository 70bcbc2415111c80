import { getFormatter, getTranslations } from 'next-intl/server'

import type { RevenueDay, RevenueProject } from '@/lib/data/revenue'
import { formatUsdExact, percentOf } from '@/lib/revenue/display'
import { formatUsdMicro } from '@/lib/revenue/money'
import { formatNumber } from '@/lib/format'

/**
 * How each day's figure was computed (issue 30: the transparency Modrinth's creators ask for): the
 * day's pool and what it was made of, each project's points and share of all points, its part of
 * the pool, and the viewer's share of it — the exact micro-dollar figures the ledger was written with.
 * Another member's part is never shown: only how many members the project's part was split over.
 */
export async function RevenueExplanations({ days, projects }: { days: RevenueDay[]; projects: RevenueProject[] }) {
  const [t, format] = await Promise.all([getTranslations('Revenue.explain'), getFormatter()])
  const titles = new Map(projects.map((p) => [p.id, p]))
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeZone: 'UTC' })
  const big = (v: string) => formatNumber(Number(v))
  return (
    <ol className="revenue-days" data-testid="revenue-explanations">
      {days.map((d, i) => {
        const mine = d.projects.reduce((sum, p) => sum + BigInt(p.mine?.amount ?? '0'), 0n)
        const paid = d.projects.some((p) => p.mine)
        return (
          <li key={d.day}>
            <details open={i === 0} className="revenue-day">
              <summary>
                <span className="revenue-day__date">{date(`${d.day}T00:00:00Z`)}</span>{' '}
                <span className="revenue-day__amount">{paid ? t('earned', { amount: formatUsdMicro(mine) }) : t('teamOnly')}</span>
              </summary>
              <dl className="revenue-facts">
                <div>
                  <dt>{t('pool')}</dt>
                  <dd>
                    {formatUsdExact(BigInt(d.pool))}
                    <span className="revenue-facts__note">
                      {t('poolParts', { staff: formatUsdExact(BigInt(d.staffIncome)), plus: formatUsdExact(BigInt(d.plusIncome)), percent: d.plusPercent, plusNet: formatUsdExact(BigInt(d.plusNet)) })}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>{t('points')}</dt>
                  <dd>
                    {big(d.totalWeight)}
                    <span className="revenue-facts__note">{d.downloadWeight ? t('pointsRule', { weight: d.downloadWeight }) : t('pointsRuleViews')}</span>
                  </dd>
                </div>
                <div>
                  <dt>{t('available')}</dt>
                  <dd>{date(d.availableAt)}</dd>
                </div>
              </dl>
              <ul className="revenue-projects">
                {d.projects.map((p) => {
                  const project = titles.get(p.projectId)
                  const title = project?.title || t('unknownProject', { id: p.projectId })
                  const downloads = d.downloadWeight ? t('downloads', { downloads: big(p.downloads), weight: d.downloadWeight }) : ''
                  return (
                    <li key={p.projectId} className="revenue-project">
                      <p className="revenue-project__title">
                        {project?.slug ? <a href={`/project/${encodeURIComponent(project.slug)}`}>{title}</a> : title}
                      </p>
                      <p>
                        {t('projectPoints', { views: big(p.views), downloads, points: big(p.weight), percent: percentOf(BigInt(p.weight), BigInt(d.totalWeight)) })}{' '}
                        {t('projectPart', { amount: formatUsdExact(BigInt(p.projectAmount)) })}
                      </p>
                      <p className="revenue-project__mine">
                        {p.mine
                          ? p.mine.equalSplit
                            ? t('equalShare', { members: p.members, amount: formatUsdExact(BigInt(p.mine.amount)) })
                            : t('share', { percent: percentOf(BigInt(p.mine.share), BigInt(p.mine.sharesTotal)), members: p.members, amount: formatUsdExact(BigInt(p.mine.amount)) })
                          : t('notPaid', { members: p.members })}
                      </p>
                    </li>
                  )
                })}
              </ul>
            </details>
          </li>
        )
      })}
    </ol>
  )
}
