import { projectMemberWhere } from '../../access/core/memberships'
import { ProjectPermissions } from '../../access/core/permissions'
import { RAIL_TERMS, type RailName } from '../revenue/fees'
import { toMicro } from '../revenue/money'
import { chargeCostMicro } from '../revenue/usd'
import { chartCents, daysEnding, maskDestination, type RevenueRange } from '../revenue/display'
import { dayOf } from '../revenue/days'
import { relationId } from '../ids'
import type { Withdrawal } from '../../payload-types'
import { chargesPayableFromBalance } from '../../plugins/billing/service/balance'
import { db, sql } from '../../plugins/revenue/service/db'
import { lastComputedDay } from '../../plugins/revenue/service/days'
import { holdOf } from '../../plugins/revenue/service/holds'
import { balanceOf, pendingByDate } from '../../plugins/revenue/service/ledger'
import { payoutTestMode, rails } from '../../plugins/revenue/service/rails'
import { taxStatusOf } from '../../plugins/revenue/service/taxForms'
import { TWO_FACTOR_ABOVE } from '../../plugins/revenue/service/withdraw'
import { as, type Viewer } from './viewer'

/*
 * Creator revenue's reads for the pages (/dashboard/revenue, …/transfers, …/withdraw). The ledger
 * and its explanations are plain SQL tables (src/plugins/revenue): every read here is narrowed to
 * the viewer — their own account and explanations, and for projects where they hold the "View
 * revenue" bit (VIEW_PAYOUTS) the project's figures, never another member's part. Documents
 * (withdrawals, projects) are read through the Local API as the viewer. Amounts are micro-units
 * of USD as decimal strings (bigints do not cross into client components).
 */

type Signed = Viewer & { user: NonNullable<Viewer['user']> }

export type Money = string

export type RevenueOverview = {
  available: Money
  pending: Money
  /** When each pending amount becomes available, soonest first (ISO dates). */
  schedule: { availableAt: string; amount: Money }[]
  held: boolean
  testMode: boolean
}

export async function revenueOverview(viewer: Signed): Promise<RevenueOverview> {
  const { payload, user } = viewer
  const [balance, schedule, hold] = await Promise.all([balanceOf(payload, user.id), pendingByDate(payload, user.id), holdOf(payload, user.id)])
  return {
    available: balance.available.toString(),
    pending: balance.pending.toString(),
    schedule: schedule.map((s) => ({ availableAt: s.availableAt.toISOString(), amount: s.amount.toString() })),
    held: !!hold,
    testMode: payoutTestMode(payload),
  }
}

/** A day's pool and the inputs it was split by (revenue_days). */
export type DayFacts = {
  day: string
  staffIncome: Money
  plusNet: Money
  plusPercent: number
  plusIncome: Money
  pool: Money
  totalWeight: string
  downloadWeight: number
  availableAt: string
}

/** A project's part of a day, and — when the viewer is paid from it — their own part and how it was split. */
export type ProjectDay = {
  projectId: string
  views: string
  downloads: string
  weight: string
  projectAmount: Money
  /** How many members the project's part was split over. */
  members: number
  mine: { share: string; sharesTotal: string; equalSplit: boolean; amount: Money } | null
}

export type RevenueDay = DayFacts & { projects: ProjectDay[] }
export type RevenueProject = { id: string; title: string; slug: string | null; teamView: boolean }

export type RevenueHistory = {
  /** The span shown, oldest day first (ending with the last day paid into the ledger). */
  days: string[]
  /** Days with figures for the viewer, newest first. */
  explained: RevenueDay[]
  projects: RevenueProject[]
  lastDay: string | null
}

type ExplanationRow = {
  day: string
  project_id: string
  user_id: string | null
  views: string
  downloads: string
  weight: string
  project_amount: string
  share: string | null
  shares_total: string | null
  equal_split: boolean | null
  amount: string | null
  members: string
  staff_income: string
  plus_net: string
  plus_share_percent: number
  plus_income: string
  pool: string
  total_weight: string
  download_weight: number
  available_at: string | Date
}

/** The projects whose revenue the viewer may read as a team member (the VIEW_PAYOUTS bit), by id. */
async function teamViewProjects(viewer: Signed): Promise<Map<string, { title: string; slug: string | null }>> {
  const where = await projectMemberWhere(viewer.req, ProjectPermissions.VIEW_PAYOUTS)
  if (!where) return new Map()
  const { docs } = await viewer.payload.find({ collection: 'projects', where, pagination: false, depth: 0, joins: false, select: { title: true, slug: true }, ...as(viewer) })
  return new Map(docs.map((p) => [p.id, { title: p.title, slug: p.slug ?? null }]))
}

/**
 * The viewer's revenue over the `range` days ending with the last day paid: per day and project,
 * their own part with how it was computed, and the figures of the projects they may view as a team
 * member (the project's part; the split over members only as a count).
 */
export async function revenueHistory(viewer: Signed, range: RevenueRange): Promise<RevenueHistory> {
  const { payload, user } = viewer
  const [lastDay, team] = await Promise.all([lastComputedDay(payload), teamViewProjects(viewer)])
  if (!lastDay) return { days: [], explained: [], projects: [], lastDay: null }
  const days = daysEnding(lastDay, range)
  const teamIds = JSON.stringify([...team.keys()])
  // One row per day and project: the viewer's own row where they were paid from it, else (a
  // project they view as a team member) any member's row stripped of the member's part.
  const rows = await db(payload).rows<ExplanationRow>(sql`
    WITH mine AS (
      SELECT e.day, e.project_id FROM revenue_explanations e WHERE e.user_id = ${user.id} AND e.day BETWEEN ${days[0]}::date AND ${lastDay}::date
    ), seen AS (
      SELECT day, project_id FROM mine
      UNION
      SELECT DISTINCT e.day, e.project_id FROM revenue_explanations e
      WHERE e.project_id IN (SELECT jsonb_array_elements_text(${teamIds}::jsonb)) AND e.day BETWEEN ${days[0]}::date AND ${lastDay}::date
    )
    SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.project_id,
      p.views::text AS views, p.downloads::text AS downloads, p.weight::text AS weight, p.project_amount::text AS project_amount,
      m.share::text AS share, m.shares_total::text AS shares_total, m.equal_split, m.amount::text AS amount,
      (SELECT count(*) FROM revenue_explanations c WHERE c.day = s.day AND c.project_id = s.project_id)::text AS members,
      d.staff_income::text AS staff_income, d.plus_net::text AS plus_net, d.plus_share_percent, d.plus_income::text AS plus_income,
      d.pool::text AS pool, d.total_weight::text AS total_weight, d.download_weight, d.available_at
    FROM seen s
    JOIN revenue_days d ON d.day = s.day
    JOIN LATERAL (SELECT views, downloads, weight, project_amount FROM revenue_explanations x WHERE x.day = s.day AND x.project_id = s.project_id LIMIT 1) p ON true
    LEFT JOIN revenue_explanations m ON m.day = s.day AND m.project_id = s.project_id AND m.user_id = ${user.id}
    ORDER BY s.day DESC, s.project_id`)

  // Titles: the team's projects are known; a project the viewer was paid from but no longer sees
  // (deleted, or they left and it is private) keeps its id only.
  const ids = [...new Set(rows.map((r) => r.project_id))]
  const unknown = ids.filter((id) => !team.has(id))
  const titles = new Map(team)
  if (unknown.length) {
    const { docs } = await payload.find({ collection: 'projects', where: { id: { in: unknown } }, pagination: false, depth: 0, joins: false, select: { title: true, slug: true }, ...as(viewer) })
    for (const p of docs) titles.set(p.id, { title: p.title, slug: p.slug ?? null })
  }
  const projects: RevenueProject[] = ids
    .map((id) => ({ id, title: titles.get(id)?.title ?? '', slug: titles.get(id)?.slug ?? null, teamView: team.has(id) }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id))

  const byDay = new Map<string, RevenueDay>()
  for (const r of rows) {
    let day = byDay.get(r.day)
    if (!day) {
      day = {
        day: r.day,
        staffIncome: r.staff_income,
        plusNet: r.plus_net,
        plusPercent: Number(r.plus_share_percent),
        plusIncome: r.plus_income,
        pool: r.pool,
        totalWeight: r.total_weight,
        downloadWeight: Number(r.download_weight),
        availableAt: new Date(r.available_at).toISOString(),
        projects: [],
      }
      byDay.set(r.day, day)
    }
    day.projects.push({
      projectId: r.project_id,
      views: r.views,
      downloads: r.downloads,
      weight: r.weight,
      projectAmount: r.project_amount,
      members: Number(r.members),
      mine: r.amount == null ? null : { share: r.share ?? '0', sharesTotal: r.shares_total ?? '0', equalSplit: !!r.equal_split, amount: r.amount },
    })
  }
  return { days, explained: [...byDay.values()], projects, lastDay }
}

export type TransferStatus = Withdrawal['status']
export type TransferView = {
  id: string
  rail: RailName
  destination: string
  gross: Money
  fee: Money
  net: Money
  status: TransferStatus
  reason: string | null
  createdAt: string
  settledAt: string | null
  testMode: boolean
  /** In transit through a rail that can stop a payout not yet claimed: the page offers "Cancel". */
  cancellable: boolean
}

const microOf = (n: number | null | undefined): Money => toMicro(n ?? 0).toString()

/** The viewer's withdrawals, newest first (through the collection's access: their own only). */
export async function transfersOf(viewer: Signed): Promise<TransferView[]> {
  const offered = rails(viewer.payload)
  const { docs } = await viewer.payload.find({ collection: 'withdrawals', where: { user: { equals: viewer.user.id } }, sort: '-createdAt', limit: 200, depth: 0, ...as(viewer) })
  return docs
    .filter((w) => relationId(w.user) === viewer.user.id)
    .map((w) => ({
      id: w.id,
      rail: w.rail,
      destination: maskDestination(w.destination),
      gross: microOf(w.gross),
      fee: microOf(w.fee),
      net: microOf(w.net),
      status: w.status,
      reason: w.reason ?? null,
      createdAt: w.createdAt,
      settledAt: w.settledAt ?? null,
      testMode: !!w.testMode,
      cancellable: w.status === 'inTransit' && !!offered.get(w.rail)?.cancel,
    }))
}

export type RailOffer = { name: RailName; feeBasisPoints: string; feeMin: Money; feeMax: Money | null; min: Money; max: Money; destination: 'email' | 'emailOrPhone' }
export type PayableView = { id: string; productName: string; status: 'open' | 'failed'; amount: number; currency: string; cost: Money; due: string }

export type WithdrawPage = {
  available: Money
  held: boolean
  testMode: boolean
  rails: RailOffer[]
  payable: PayableView[]
  emailVerified: boolean
  twoFactorEnabled: boolean
  twoFactorAbove: Money
  tax: { year: number; threshold: Money; withdrawn: Money; onFile: boolean }
  today: string
}

/** What the withdraw page needs: the balance, the rails offered with their terms, the tax status, the charges "Pay Blockforge" can pay. */
export async function withdrawPage(viewer: Signed): Promise<WithdrawPage> {
  const { payload, user } = viewer
  const [balance, hold, tax, payable, me] = await Promise.all([
    balanceOf(payload, user.id),
    holdOf(payload, user.id),
    taxStatusOf(payload, user.id),
    chargesPayableFromBalance(payload, user.id),
    payload.findByID({ collection: 'users', id: user.id, depth: 0, select: { emailVerified: true, twoFactorEnabled: true }, ...as(viewer) }),
  ])
  const offered = [...rails(payload).values()].map((r): RailOffer => {
    const terms = RAIL_TERMS[r.name]
    return {
      name: r.name,
      feeBasisPoints: terms.feeBasisPoints.toString(),
      feeMin: terms.feeMin.toString(),
      feeMax: terms.feeMax?.toString() ?? null,
      min: terms.min.toString(),
      max: terms.max.toString(),
      destination: r.name === 'venmo' ? 'emailOrPhone' : 'email',
    }
  })
  return {
    available: balance.available.toString(),
    held: !!hold,
    testMode: payoutTestMode(payload),
    rails: offered,
    payable: payable.map((c) => ({ id: c.id, productName: c.productName, status: c.status, amount: c.amount, currency: c.currency, cost: chargeCostMicro(BigInt(c.amount), c.currency).toString(), due: c.due.toISOString() })),
    emailVerified: !!me?.emailVerified,
    twoFactorEnabled: !!me?.twoFactorEnabled,
    twoFactorAbove: TWO_FACTOR_ABOVE.toString(),
    tax: { year: tax.year, threshold: tax.threshold.toString(), withdrawn: tax.withdrawn.toString(), onFile: !!tax.onFile },
    today: dayOf(new Date()),
  }
}

export type ChartSeries = { id: string; title: string; values: number[] }

/**
 * The chart's series over the history's days, one per project: the viewer's own part of each day
 * (`mine`), or the project's part (`projects`: the projects they view as a team member). Dollars,
 * floored to the cent: display only.
 */
export function revenueSeries(history: RevenueHistory, which: 'mine' | 'projects', untitled: (id: string) => string): ChartSeries[] {
  const index = new Map(history.days.map((d, i) => [d, i]))
  const series = new Map<string, ChartSeries>()
  for (const p of history.projects) {
    if (which === 'projects' && !p.teamView) continue
    series.set(p.id, { id: p.id, title: p.title || untitled(p.id), values: history.days.map(() => 0) })
  }
  for (const day of history.explained) {
    const i = index.get(day.day)
    if (i == null) continue
    for (const p of day.projects) {
      const s = series.get(p.projectId)
      const amount = which === 'mine' ? p.mine?.amount : p.projectAmount
      if (s && amount) s.values[i] = chartCents(BigInt(amount))
    }
  }
  return [...series.values()].filter((s) => s.values.some((v) => v > 0))
}

/** Whether the projects' chart says more than the viewer's own (a team of several, or a project they are not paid from). */
export const teamChartAddsSomething = (history: RevenueHistory): boolean =>
  history.explained.some((d) => d.projects.some((p) => history.projects.find((x) => x.id === p.projectId)?.teamView && (!p.mine || p.members > 1)))
