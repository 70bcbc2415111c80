import type { Payload } from 'payload'

import { toMicro } from '../../../lib/revenue/money'
import { db, sql, type Tx } from './db'

/*
 * The creator-revenue ledger (migration `revenue_ledger`): double entry in integer micro-units of
 * USD. Every transaction has a unique idempotency key; its entries sum to zero, which the database
 * checks at commit; nothing is ever updated or deleted. A user's balance is the sum of their
 * account's entries: available once an entry's `available_at` has passed, pending until then.
 *
 * System accounts: `revenue_pool` (where each day's pool comes from: it runs negative by all that
 * was ever paid to creators), `in_transit` (withdrawals sent, not yet confirmed), `fees` (rail fees
 * taken from withdrawals), `paid_out` (what the rails confirmed), `blockforge` (what creators paid
 * the site with their balance: "Pay Blockforge", migration `revenue_payouts`).
 */
export const SYSTEM_ACCOUNTS = ['revenue_pool', 'in_transit', 'fees', 'paid_out', 'blockforge'] as const
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number]

/**
 * Transaction kinds: a day's revenue; a withdrawal sent; paid (confirmed); reversed (failed or
 * cancelled: money back); returned after it was paid; a charge of the site's paid from the balance.
 */
export type LedgerKind = 'revenue' | 'withdrawal' | 'withdrawalPaid' | 'withdrawalReversed' | 'withdrawalReturned' | 'purchase' | 'purchaseRefund'

/** An account id as SQL gives it (bigint, as text). */
export type AccountId = string
export type Entry = { account: AccountId; amount: bigint; availableAt?: Date }

export async function systemAccount(tx: Tx, kind: SystemAccount): Promise<AccountId> {
  const row = await tx.one<{ id: string }>(sql`SELECT id::text FROM ledger_accounts WHERE kind = ${kind}`)
  if (!row) throw new Error(`ledger account ${kind} is missing (migration revenue_ledger)`)
  return row.id
}

/** Each user's account, opened on first use. */
export async function userAccounts(tx: Tx, userIds: readonly string[]): Promise<Map<string, AccountId>> {
  const accounts = new Map<string, AccountId>()
  if (!userIds.length) return accounts
  const ids = JSON.stringify([...new Set(userIds)])
  await tx.rows(sql`
    INSERT INTO ledger_accounts (kind, user_id) SELECT 'user', u FROM jsonb_array_elements_text(${ids}::jsonb) AS u
    ON CONFLICT (user_id) WHERE user_id IS NOT NULL DO NOTHING`)
  const rows = await tx.rows<{ id: string; user_id: string }>(sql`
    SELECT id::text, user_id FROM ledger_accounts WHERE user_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb))`)
  for (const r of rows) accounts.set(r.user_id, r.id)
  return accounts
}

/**
 * The user's account, locked (`FOR UPDATE`) until the caller's transaction ends: two withdrawals
 * of the same balance run one after the other, the second seeing what the first took.
 */
export async function lockUserAccount(tx: Tx, userId: string): Promise<AccountId> {
  const id = (await userAccounts(tx, [userId])).get(userId)
  if (!id) throw new Error(`no ledger account for user ${userId}`)
  await tx.rows(sql`SELECT id FROM ledger_accounts WHERE id = ${id} FOR UPDATE`)
  return id
}

/**
 * Writes a transaction and its entries, or nothing when its key was written before (returns null):
 * a rerun, a replayed webhook or a second runner finds the key and stops. Zero amounts are left
 * out. The database refuses the commit if the entries do not sum to zero.
 */
export async function post(tx: Tx, input: { key: string; kind: LedgerKind; memo?: string; entries: readonly Entry[] }): Promise<string | null> {
  const created = await tx.one<{ id: string }>(sql`
    INSERT INTO ledger_transactions (idempotency_key, kind, memo) VALUES (${input.key}, ${input.kind}, ${input.memo ?? ''})
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id::text`)
  if (!created) return null
  const rows = input.entries
    .filter((e) => e.amount !== 0n)
    .map((e) => ({ account_id: e.account, amount: e.amount.toString(), available_at: (e.availableAt ?? null)?.toISOString() ?? null }))
  if (rows.length) {
    await tx.rows(sql`
      INSERT INTO ledger_entries (transaction_id, account_id, amount, available_at)
      SELECT ${created.id}::bigint, e.account_id, e.amount, COALESCE(e.available_at, now())
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(account_id bigint, amount bigint, available_at timestamptz)`)
  }
  return created.id
}

export type Balance = { available: bigint; pending: bigint; total: bigint }

/**
 * A user's balance at `at` (default: the database's now), inside a transaction (after
 * `lockUserAccount`) or on its own. Money out counts at once whatever its date, money in once its
 * `available_at` has passed — so no clock can make a withdrawal look not yet taken.
 */
export async function balanceIn(tx: Pick<Tx, 'one'>, userId: string, at?: Date): Promise<Balance> {
  const when = at ? sql`${at}::timestamptz` : sql`now()`
  const row = await tx.one<{ available: string; pending: string }>(sql`
    SELECT COALESCE(sum(e.amount) FILTER (WHERE e.amount < 0 OR e.available_at <= ${when}), 0)::text AS available,
           COALESCE(sum(e.amount) FILTER (WHERE e.amount > 0 AND e.available_at > ${when}), 0)::text AS pending
    FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE a.user_id = ${userId}`)
  const available = toMicro(row?.available)
  const pending = toMicro(row?.pending)
  return { available, pending, total: available + pending }
}

export const balanceOf = (payload: Payload, userId: string, at?: Date): Promise<Balance> => balanceIn(db(payload), userId, at)

/** When a user's pending revenue becomes available: amounts by date, soonest first. */
export async function pendingByDate(payload: Payload, userId: string, at: Date = new Date()): Promise<{ availableAt: Date; amount: bigint }[]> {
  const rows = await db(payload).rows<{ available_at: string; amount: string }>(sql`
    SELECT e.available_at, sum(e.amount)::text AS amount FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
    WHERE a.user_id = ${userId} AND e.amount > 0 AND e.available_at > ${at} GROUP BY e.available_at ORDER BY e.available_at`)
  return rows.map((r) => ({ availableAt: new Date(r.available_at), amount: toMicro(r.amount) }))
}
