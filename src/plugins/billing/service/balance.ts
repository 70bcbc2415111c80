import type { Payload } from 'payload'

import type { Currency } from '../../../lib/billing/currency'
import { applyOutcome } from './apply'
import { db, sql, type Tx } from './db'
import { BillingError, num, type ChargeRow } from './rows'

/*
 * Charges paid with something other than a card: a creator's revenue balance ("Pay Blockforge",
 * src/plugins/revenue/service/purchase.ts). The caller moves the money in its own ledger, in the same
 * database transaction; billing marks the charge paid through its one apply path (./apply.ts), so
 * the subscription is provisioned and its next renewal written exactly as after a card payment.
 */

/** A renewal paid from the balance: the one still open (paid early) or one that failed (paid now). */
export const BALANCE_PAYABLE: readonly ChargeRow['status'][] = ['open', 'failed']

export type PayableCharge = { id: string; status: 'open' | 'failed'; amount: number; currency: Currency; due: Date; productName: string; productKind: string }

/** The user's charges their balance may pay: renewals open or failed, soonest due first. */
export async function chargesPayableFromBalance(payload: Payload, userId: string): Promise<PayableCharge[]> {
  const rows = await db(payload).rows<{ id: string; status: 'open' | 'failed'; amount: string | number; currency: Currency; due: Date; product_name: string; product_kind: string }>(sql`
    SELECT c.id, c.status, c.amount, c.currency, c.due, b.name AS product_name, b.kind AS product_kind
    FROM charges c JOIN subscriptions s ON s.id = c.subscription_id JOIN billing_products b ON b.id = s.product_id
    WHERE c.user_id = ${userId} AND c.type = 'renewal' AND c.status IN ('open', 'failed') AND c.amount > 0
    ORDER BY c.due, c.id LIMIT 50`)
  return rows.map((r) => ({ id: r.id, status: r.status, amount: num(r.amount), currency: r.currency, due: new Date(r.due), productName: r.product_name, productKind: r.product_kind }))
}

/**
 * Locks one of the user's charges for a payment from their balance (inside the caller's
 * transaction) and returns it, or refuses with the reason: not theirs, not a renewal, paid already,
 * a payment under way.
 */
export async function lockBalancePayable(tx: Tx, userId: string, chargeId: string): Promise<ChargeRow> {
  const charge = await tx.one<ChargeRow>(sql`SELECT * FROM charges WHERE id = ${chargeId} AND user_id = ${userId} FOR UPDATE`)
  if (!charge || charge.type !== 'renewal' || num(charge.amount) <= 0) throw new BillingError('That charge was not found.')
  if (charge.status === 'succeeded') throw new BillingError('This charge has been paid already.')
  if (charge.status === 'processing') throw new BillingError('A payment for this charge is in progress. Try again in a minute.')
  if (!BALANCE_PAYABLE.includes(charge.status)) throw new BillingError('This charge can no longer be paid: its subscription has ended.')
  return charge
}

/**
 * Marks a charge locked by `lockBalancePayable` paid (inside the caller's transaction, after the
 * caller moved the money): one more attempt, recorded as paid with `paymentId` and `label` (what
 * paid, shown in place of a card), then billing's own apply path. The renewal it writes next keeps
 * the card it had.
 */
export async function markPaidFromBalance(tx: Tx, charge: ChargeRow, input: { paymentId: string; label: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date()
  const previous = await tx.one<{ method_label: string | null }>(sql`SELECT method_label FROM charges WHERE id = ${charge.id}`)
  const claimed = await tx.one<{ attempts: string | number }>(sql`
    UPDATE charges SET status = 'processing', attempts = attempts + 1, last_attempt = ${now}, method_label = ${input.label}, updated_at = ${now}
    WHERE id = ${charge.id} AND status IN ('open', 'failed') RETURNING attempts`)
  if (!claimed) throw new BillingError('This charge can no longer be paid.')
  const applied = await applyOutcome(tx, { chargeId: charge.id, attempt: num(claimed.attempts), outcome: { status: 'succeeded', paymentId: input.paymentId }, now })
  if (applied !== 'succeeded') throw new Error(`charge ${charge.id}: the balance payment was not applied (${applied})`)
  if (charge.subscription_id) {
    await tx.rows(sql`
      UPDATE charges SET method_label = ${previous?.method_label ?? null}
      WHERE subscription_id = ${charge.subscription_id} AND type = 'renewal' AND status IN ('open', 'expiring') AND id <> ${charge.id} AND method_label = ${input.label}`)
  }
}

/** A charge paid from a balance (its payment id names the ledger transaction, not a provider's payment). */
export const isBalancePayment = (paymentId: string | null | undefined): boolean => !!paymentId?.startsWith('balance_')

export type BalanceRefund = (tx: Tx, input: { userId: string; chargeId: string; refundId: string; amount: number; currency: Currency }) => Promise<void>
let balanceRefund: BalanceRefund | null = null

/**
 * Who puts a refund of a balance-paid charge back on the balance: the revenue plugin registers its
 * ledger here (billing must not import revenue, which builds on it).
 */
export const onBalanceRefund = (fn: BalanceRefund): void => {
  balanceRefund = fn
}

/** Refunds (part of) a balance-paid charge to the balance, inside the caller's transaction. */
export async function refundToBalance(tx: Tx, input: Parameters<BalanceRefund>[1]): Promise<void> {
  if (!balanceRefund) throw new BillingError('Refunds to a creator balance are not available on this site.')
  await balanceRefund(tx, input)
}
