import { actorOf, canManageRevenue } from '../../access/core/roles'
import type { RailName } from '../revenue/fees'
import { toMicro } from '../revenue/money'
import { db, sql } from '../../plugins/revenue/service/db'
import { heldBalances, holdOf } from '../../plugins/revenue/service/holds'
import type { LedgerKind } from '../../plugins/revenue/service/ledger'
import { balanceOf } from '../../plugins/revenue/service/ledger'
import type { WithdrawalRow } from '../../plugins/revenue/service/payout'
import { as, type Viewer } from './viewer'

/*
 * Staff's reads of any user's revenue (/admin/revenue and /admin/revenue/{id}): refused (null) for
 * anyone but staff (src/access/revenue.ts `canManageRevenue`) — the views check too. Amounts are
 * micro-units of USD as decimal strings.
 */

export type StaffWithdrawal = {
  id: string
  userId: string | null
  rail: RailName
  destination: string
  gross: string
  fee: string
  net: string
  status: WithdrawalRow['status']
  reason: string | null
  railPayoutId: string | null
  createdAt: string
  settledAt: string | null
}

export type LedgerLine = { transactionId: string; kind: LedgerKind; memo: string; amount: string; availableAt: string; createdAt: string }
export type StaffAct = { id: string; act: 'hold' | 'release'; staff: string | null; reason: string; createdAt: string }
export type StaffTaxForm = { year: number; legalName: string; country: string; taxIdType: string; taxIdLast4: string; signedOn: string }

export type StaffLedger = {
  user: { id: string; username: string }
  available: string
  pending: string
  hold: { reason: string; heldAt: string } | null
  entries: LedgerLine[]
  withdrawals: StaffWithdrawal[]
  failed: StaffWithdrawal[]
  acts: StaffAct[]
  taxForms: StaffTaxForm[]
}

const isStaffViewer = (viewer: Viewer) => !!viewer.user && canManageRevenue(actorOf(viewer.req))

/** A payout still in transit this long is shown to staff beside the failed ones: its rail has gone quiet. */
const STUCK_DAYS = 7

const withdrawalView = (w: WithdrawalRow): StaffWithdrawal => ({
  id: w.id,
  userId: w.user_id,
  rail: w.rail,
  destination: w.destination,
  gross: toMicro(w.gross).toString(),
  fee: toMicro(w.fee).toString(),
  net: toMicro(w.net).toString(),
  status: w.status,
  reason: w.reason,
  railPayoutId: w.rail_payout_id,
  createdAt: new Date(w.created_at).toISOString(),
  settledAt: w.settled_at ? new Date(w.settled_at).toISOString() : null,
})

/** Withdrawals that did not reach their destination (failed, returned) or are stuck in transit. */
const failedWhere = sql`(status IN ('failed', 'returned') OR (status = 'inTransit' AND created_at < now() - make_interval(days => ${STUCK_DAYS})))`

/** Any user's ledger for staff, or null (not staff, or no such user). */
export async function staffLedgerOf(viewer: Viewer, userId: string): Promise<StaffLedger | null> {
  if (!isStaffViewer(viewer)) return null
  const { payload } = viewer
  const found = await payload.find({ collection: 'users', where: { id: { equals: userId } }, limit: 1, depth: 0, select: { username: true }, ...as(viewer) })
  const user = found.docs[0]
  if (!user) return null
  const [balance, hold, entries, withdrawals, acts, forms] = await Promise.all([
    balanceOf(payload, user.id),
    holdOf(payload, user.id),
    db(payload).rows<{ transaction_id: string; kind: LedgerKind; memo: string; amount: string; available_at: string | Date; created_at: string | Date }>(sql`
      SELECT t.id::text AS transaction_id, t.kind, t.memo, e.amount::text AS amount, e.available_at, t.created_at
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.user_id = ${user.id} ORDER BY e.id DESC LIMIT 200`),
    db(payload).rows<WithdrawalRow>(sql`SELECT * FROM withdrawals WHERE user_id = ${user.id} ORDER BY created_at DESC, id LIMIT 200`),
    payload.find({ collection: 'revenue-staff-acts', where: { user: { equals: user.id } }, sort: '-createdAt', limit: 200, depth: 1, ...as(viewer) }),
    payload.find({ collection: 'revenue-tax-forms', where: { user: { equals: user.id } }, sort: '-year', limit: 20, depth: 0, ...as(viewer) }),
  ])
  const all = withdrawals.map(withdrawalView)
  const stuckBefore = Date.now() - STUCK_DAYS * 86_400_000
  return {
    user: { id: user.id, username: user.username },
    available: balance.available.toString(),
    pending: balance.pending.toString(),
    hold: hold ? { reason: hold.reason, heldAt: hold.heldAt.toISOString() } : null,
    entries: entries.map((e) => ({ transactionId: e.transaction_id, kind: e.kind, memo: e.memo, amount: e.amount, availableAt: new Date(e.available_at).toISOString(), createdAt: new Date(e.created_at).toISOString() })),
    withdrawals: all,
    failed: all.filter((w) => w.status === 'failed' || w.status === 'returned' || (w.status === 'inTransit' && new Date(w.createdAt).getTime() < stuckBefore)),
    acts: acts.docs.map((a) => ({ id: a.id, act: a.act, staff: typeof a.staff === 'object' && a.staff ? a.staff.username : null, reason: a.reason, createdAt: a.createdAt })),
    taxForms: forms.docs.map((f) => ({ year: f.year, legalName: f.legalName, country: f.country, taxIdType: f.taxIdType, taxIdLast4: f.taxIdLast4, signedOn: f.signedOn.slice(0, 10) })),
  }
}

export type StaffRevenueOverview = {
  held: { userId: string; username: string | null; reason: string; heldAt: string }[]
  failed: (StaffWithdrawal & { username: string | null })[]
}

/** Site-wide: the held balances and the payouts that failed, came back or are stuck (newest first), for staff; null otherwise. */
export async function staffRevenueOverview(viewer: Viewer): Promise<StaffRevenueOverview | null> {
  if (!isStaffViewer(viewer)) return null
  const { payload } = viewer
  const [held, failed] = await Promise.all([
    heldBalances(payload),
    db(payload).rows<WithdrawalRow>(sql`SELECT * FROM withdrawals WHERE ${failedWhere} ORDER BY created_at DESC, id LIMIT 100`),
  ])
  const ids = [...new Set([...held.map((h) => h.userId), ...failed.map((w) => w.user_id).filter((id): id is string => !!id)])]
  const users = ids.length ? await payload.find({ collection: 'users', where: { id: { in: ids } }, pagination: false, depth: 0, select: { username: true }, ...as(viewer) }) : { docs: [] }
  const names = new Map(users.docs.map((u) => [u.id, u.username]))
  return {
    held: held.map((h) => ({ userId: h.userId, username: names.get(h.userId) ?? null, reason: h.reason, heldAt: h.heldAt.toISOString() })),
    failed: failed.map((w) => ({ ...withdrawalView(w), username: w.user_id ? (names.get(w.user_id) ?? null) : null })),
  }
}
