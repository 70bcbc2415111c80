import type { RailName } from '../../../lib/revenue/fees'
import { formatUsdMicro, toMicro } from '../../../lib/revenue/money'
import { payout } from '../../../lib/notifications/messages'
import { notificationInserts } from '../../../lib/notifications/notify'
import type { PayoutOutcome } from '../rails/types'
import type { WithdrawalStatus } from '../collections/withdrawals'
import { sql, type Tx } from './db'
import { post, systemAccount, type AccountId } from './ledger'

/** A withdrawal row as SQL returns it (amounts are micro-units as text). */
export type WithdrawalRow = {
  id: string
  user_id: string | null
  rail: RailName
  destination: string
  gross: string
  fee: string
  net: string
  status: WithdrawalStatus
  reason: string | null
  rail_payout_id: string | null
  settled_at: string | null
  test_mode: boolean | null
  created_at: Date
}

export type PayoutApplied = 'pending' | 'paid' | 'reversed' | 'returned' | 'stale'

/** The account a withdrawal took its money from (its first ledger transaction's debit). */
async function sourceAccount(tx: Tx, withdrawalId: string): Promise<AccountId> {
  const row = await tx.one<{ account_id: string }>(sql`
    SELECT e.account_id::text AS account_id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE t.idempotency_key = ${`withdrawal:${withdrawalId}`} AND e.amount < 0`)
  if (!row) throw new Error(`withdrawal ${withdrawalId} has no ledger transaction`)
  return row.account_id
}

/**
 * A rail's word about a withdrawal, inside the caller's transaction: the one place money moves
 * after a withdrawal is sent. The withdrawal is locked and moves only from the status the outcome
 * expects — a replayed event, the answer to `send` arriving after its webhook, or an event of
 * another rail find nothing to do — and each move is a ledger transaction with its own key besides.
 *
 * - succeeded: in transit → paid out.
 * - failed / cancelled while in transit: the gross back to the balance (the fee too), with the reason.
 * - returned after it was paid: the net back to the balance (the fee was spent), with the reason.
 */
export async function applyPayout(tx: Tx, input: { withdrawalId: string; rail: RailName; outcome: PayoutOutcome; now?: Date }): Promise<PayoutApplied> {
  const now = input.now ?? new Date()
  const w = await tx.one<WithdrawalRow>(sql`SELECT * FROM withdrawals WHERE id = ${input.withdrawalId} FOR UPDATE`)
  if (!w || w.rail !== input.rail) return 'stale'
  const { outcome } = input
  if (outcome.railPayoutId && !w.rail_payout_id) {
    await tx.rows(sql`UPDATE withdrawals SET rail_payout_id = ${outcome.railPayoutId}, updated_at = ${now} WHERE id = ${w.id}`)
  }
  const gross = toMicro(w.gross)
  const fee = toMicro(w.fee)
  const net = toMicro(w.net)
  // Each settlement also tells the creator (and emails them), in the same transaction.
  const tell = async (outcome: 'paid' | 'reversed' | 'returned', amount: bigint, reason: string | null) => {
    for (const statement of notificationInserts([w.user_id], payout({ id: w.id, amount: formatUsdMicro(amount) }, outcome, reason))) await tx.rows(statement)
  }
  const settle = async (status: WithdrawalStatus, reason: string | null) =>
    tx.rows(sql`UPDATE withdrawals SET status = ${status}, reason = ${reason}, settled_at = ${now}, updated_at = ${now} WHERE id = ${w.id}`)

  if (outcome.status === 'pending') return 'pending'
  if (w.status === 'inTransit' && outcome.status === 'succeeded') {
    await post(tx, {
      key: `withdrawal:${w.id}:settled`,
      kind: 'withdrawalPaid',
      memo: `Withdrawal ${w.id} paid through ${w.rail}`,
      entries: [
        { account: await systemAccount(tx, 'in_transit'), amount: -net },
        { account: await systemAccount(tx, 'paid_out'), amount: net },
      ],
    })
    await settle('succeeded', null)
    await tell('paid', net, null)
    return 'paid'
  }
  if (w.status === 'inTransit' && outcome.status !== 'succeeded') {
    await post(tx, {
      key: `withdrawal:${w.id}:settled`,
      kind: 'withdrawalReversed',
      memo: `Withdrawal ${w.id} ${outcome.status} at ${w.rail}: ${outcome.reason}`,
      entries: [
        { account: await systemAccount(tx, 'in_transit'), amount: -net },
        { account: await systemAccount(tx, 'fees'), amount: -fee },
        { account: await sourceAccount(tx, w.id), amount: gross },
      ],
    })
    await settle(outcome.status, outcome.reason)
    // A cancel the creator asked for (../withdraw.ts) is no news to them.
    if (outcome.status !== 'cancelled') await tell('reversed', gross, outcome.reason)
    return 'reversed'
  }
  if (w.status === 'succeeded' && outcome.status === 'returned') {
    await post(tx, {
      key: `withdrawal:${w.id}:returned`,
      kind: 'withdrawalReturned',
      memo: `Withdrawal ${w.id} came back from ${w.rail}: ${outcome.reason}`,
      entries: [
        { account: await systemAccount(tx, 'paid_out'), amount: -net },
        { account: await sourceAccount(tx, w.id), amount: net },
      ],
    })
    await settle('returned', outcome.reason)
    await tell('returned', net, outcome.reason)
    return 'returned'
  }
  return 'stale'
}
