import type { Payload } from 'payload'

import { env } from '../../../lib/env'
import { addDaysTo, isDay, lastClosedDay } from '../../../lib/revenue/days'
import { planDay, type DayPlan } from '../../../lib/revenue/distribute'
import { availableAt } from '../../../lib/revenue/holds'
import { formatUsdMicro } from '../../../lib/revenue/money'
import { plusShare } from '../../../lib/revenue/pool'
import { countsOfDay } from './counts'
import { db, inTransaction, sql, type Tx } from './db'
import { lastComputedDay } from './days'
import { staffIncome, plusIncome } from './income'
import { post, systemAccount, userAccounts, type Entry } from './ledger'

export type DayOptions = { plusSharePercent?: number; downloadWeight?: number; holdDays?: number }
export type DayResult =
  | { day: string; status: 'already' }
  | { day: string; status: 'computed'; pool: bigint; distributed: bigint; projects: number; members: number; availableAt: Date }

export const revenueKey = (day: string) => `revenue:${day}`

/**
 * One closed day into the ledger (issue 30), in one transaction: the pool (staff's income for the
 * day and its share of the month's, plus the configured share of the day's Plus income net of
 * refunds) split over the monetized, listed projects by the day's counted views (+ downloads ×
 * their weight), then over each paid team's accepted members by payout share (equal when all are
 * zero) — exact to the micro-unit (src/lib/revenue/distribute.ts). Each member's part is credited
 * to their account, available at the end of the month plus the hold. One ledger transaction per
 * day, keyed `revenue:<day>`: a rerun (or a second runner) writes nothing. The figures behind every
 * part are kept (`revenue_days`, `revenue_explanations`) so the revenue page can show how each was
 * made.
 */
export async function computeDay(payload: Payload, day: string, options: DayOptions = {}): Promise<DayResult> {
  if (!isDay(day)) throw new RangeError(`not a day: ${day}`)
  const percent = options.plusSharePercent ?? env.revenuePlusSharePercent()
  const downloadWeight = options.downloadWeight ?? env.revenueDownloadWeight()
  const available = availableAt(day, options.holdDays ?? env.revenueHoldDays())
  if (await db(payload).one(sql`SELECT 1 FROM revenue_days WHERE day = ${day}::date`)) return { day, status: 'already' }

  return inTransaction(payload, async (tx): Promise<DayResult> => {
    const staff = await staffIncome(tx, day)
    const plusNet = await plusIncome(tx, day)
    const plus = plusShare(plusNet, percent)
    const plan = planDay(staff + plus, await countsOfDay(tx, day), BigInt(downloadWeight))
    const users = await userAccounts(tx, [...plan.perUser.keys()])
    const pool = await systemAccount(tx, 'revenue_pool')
    const entries: Entry[] = [{ account: pool, amount: -plan.distributed, availableAt: available }]
    for (const [userId, amount] of [...plan.perUser].sort(([a], [b]) => (a < b ? -1 : 1))) entries.push({ account: users.get(userId)!, amount, availableAt: available })
    const memo = `Revenue of ${day}: ${formatUsdMicro(plan.pool)} pool, ${formatUsdMicro(plan.distributed)} to ${plan.perUser.size} creator(s) of ${plan.projects.length} project(s)`
    const transactionId = await post(tx, { key: revenueKey(day), kind: 'revenue', memo, entries })
    if (!transactionId) return { day, status: 'already' } // another runner wrote it meanwhile
    await explain(tx, { day, transactionId, staff, plusNet, percent, plus, downloadWeight, available, plan })
    const members = plan.projects.reduce((n, p) => n + p.members.length, 0)
    return { day, status: 'computed', pool: plan.pool, distributed: plan.distributed, projects: plan.projects.length, members, availableAt: available }
  })
}

type Explained = { day: string; transactionId: string; staff: bigint; plusNet: bigint; percent: number; plus: bigint; downloadWeight: number; available: Date; plan: DayPlan }

/** The inputs of every figure: the day's pool and total points, each project's points and part, each member's share. */
async function explain(tx: Tx, e: Explained): Promise<void> {
  const { plan } = e
  await tx.rows(sql`
    INSERT INTO revenue_days (day, transaction_id, staff_income, plus_net, plus_share_percent, plus_income, pool, distributed, total_weight, download_weight, projects, available_at)
    VALUES (${e.day}::date, ${e.transactionId}::bigint, ${e.staff.toString()}::bigint, ${e.plusNet.toString()}::bigint, ${e.percent}, ${e.plus.toString()}::bigint,
      ${plan.pool.toString()}::bigint, ${plan.distributed.toString()}::bigint, ${plan.totalWeight.toString()}::bigint, ${e.downloadWeight}, ${plan.projects.length}, ${e.available})`)
  const rows = plan.projects.flatMap((p) =>
    p.members.map((m) => ({
      project_id: p.projectId,
      user_id: m.userId,
      views: p.views.toString(),
      downloads: p.downloads.toString(),
      weight: p.weight.toString(),
      project_amount: p.amount.toString(),
      share: m.share.toString(),
      shares_total: m.sharesTotal.toString(),
      equal_split: m.equalSplit,
      amount: m.amount.toString(),
    })),
  )
  if (!rows.length) return
  await tx.rows(sql`
    INSERT INTO revenue_explanations (day, project_id, user_id, views, downloads, weight, project_amount, share, shares_total, equal_split, amount)
    SELECT ${e.day}::date, r.project_id, r.user_id, r.views, r.downloads, r.weight, r.project_amount, r.share, r.shares_total, r.equal_split, r.amount
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(project_id text, user_id text, views bigint, downloads bigint, weight bigint,
      project_amount bigint, share bigint, shares_total bigint, equal_split boolean, amount bigint)`)
}

/** At most this many days per run: a site catching up on a long gap does it over a few runs. */
const DAYS_PER_RUN = 62

/**
 * The job's pass: every closed day after the last one paid (from the first day with any income, on
 * the first run), oldest first.
 */
export async function runDaily(payload: Payload, now: Date = new Date(), options: DayOptions & { closeHours?: number } = {}): Promise<DayResult[]> {
  const last = lastClosedDay(now, options.closeHours ?? env.revenueCloseHours())
  const previous = await lastComputedDay(payload)
  const from = previous ? addDaysTo(previous, 1) : await firstIncomeDay(payload)
  const results: DayResult[] = []
  for (let day = from; day && day <= last && results.length < DAYS_PER_RUN; day = addDaysTo(day, 1)) {
    results.push(await computeDay(payload, day, options))
  }
  return results
}

/** The first day any income was entered or any Plus payment taken, or null. */
async function firstIncomeDay(payload: Payload): Promise<string | null> {
  const row = await db(payload).one<{ day: string | null }>(sql`
    SELECT to_char(LEAST(
      (SELECT min((CASE WHEN length(period) = 7 THEN period || '-01' ELSE period END)::date) FROM revenue_pools),
      (SELECT (min(COALESCE(c.last_attempt, c.created_at)) AT TIME ZONE 'UTC')::date FROM charges c JOIN billing_prices p ON p.id = c.price_id
        JOIN billing_products b ON b.id = p.product_id WHERE b.kind = 'plus' AND c.status = 'succeeded')
    ), 'YYYY-MM-DD') AS day`)
  return row?.day ?? null
}
