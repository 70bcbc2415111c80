import type { Payload } from 'payload'

import type { Currency } from '../../../lib/billing/currency'
import { addDays } from '../../../lib/billing/intervals'
import { base62Id } from '../../../lib/ids'
import { isBalancePayment, refundToBalance } from './balance'
import { inTransaction, sql, type Tx } from './db'
import { provider } from './provider'
import { BillingError, num, type ChargeRow } from './rows'

/*
 * Staff acts on a user's billing (spec §6 "staff manage billing"; /admin/billing/{id}). The caller
 * has checked the actor is staff (src/access/core/roles.ts `canManageBilling`); each act is recorded
 * with who did it and why, in the same transaction as the change.
 */

const record = (tx: Tx, act: { userId: string; staffId: string; act: string; subscriptionId?: string | null; chargeId?: string | null; amount?: number | null; days?: number | null; reason: string }) =>
  tx.rows(sql`
    INSERT INTO billing_staff_acts (id, user_id, staff_id, act, subscription_id, charge_id, amount, days, reason, updated_at, created_at)
    VALUES (${base62Id()}, ${act.userId}, ${act.staffId}, ${act.act}, ${act.subscriptionId ?? null}, ${act.chargeId ?? null}, ${act.amount ?? null}, ${act.days ?? null}, ${act.reason}, now(), now())`)

const needReason = (reason: string) => {
  if (!reason.trim()) throw new BillingError('Give a reason: it is kept with the act.')
  return reason.trim()
}

/**
 * Refunds part or all of a paid charge. The refund is a charge of its own (negative amount, pointing
 * at the one refunded), reserved before the provider is asked — so two staff refunding at once cannot
 * give back more than was paid — and its id is the provider's idempotency key.
 */
export async function refund(payload: Payload, staffId: string, input: { chargeId: string; amount: number; reason: string; endPerks?: boolean }): Promise<void> {
  const reason = needReason(input.reason)
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new BillingError('Enter an amount above zero.')
  const reserved = await inTransaction(payload, async (tx) => {
    const charge = await tx.one<ChargeRow>(sql`SELECT * FROM charges WHERE id = ${input.chargeId} FOR UPDATE`)
    if (!charge || charge.status !== 'succeeded' || num(charge.amount) <= 0 || !charge.payment_id) throw new BillingError('Only a paid charge can be refunded.')
    const refunded = await tx.one<{ total: string }>(sql`SELECT COALESCE(SUM(-amount), 0) AS total FROM charges WHERE parent_id = ${charge.id} AND type = 'refund' AND status IN ('processing', 'succeeded')`)
    const left = num(charge.amount) - num(refunded?.total)
    if (input.amount > left) throw new BillingError(`At most ${left} (minor units) of this charge is left to refund.`)
    const row = await tx.one<ChargeRow>(sql`
      INSERT INTO charges (id, user_id, subscription_id, price_id, type, status, amount, currency, interval, due, provider, parent_id, method_id, method_label, reason, attempts, updated_at, created_at)
      VALUES (${base62Id()}, ${charge.user_id}, ${charge.subscription_id}, ${charge.price_id}, 'refund', 'processing', ${-input.amount}, ${charge.currency}, ${charge.interval}, now(),
        ${charge.provider}, ${charge.id}, ${charge.method_id}, (SELECT method_label FROM charges WHERE id = ${charge.id}), ${reason}, 1, now(), now())
      RETURNING *`)
    await record(tx, { userId: charge.user_id, staffId, act: 'refund', subscriptionId: charge.subscription_id, chargeId: charge.id, amount: input.amount, reason })
    if (input.endPerks && charge.subscription_id) await endNow(tx, charge.subscription_id, 'refunded')
    // Paid from a creator's balance (Pay Blockforge): the money goes back there, in this transaction.
    if (isBalancePayment(charge.payment_id)) {
      await refundToBalance(tx, { userId: charge.user_id, chargeId: charge.id, refundId: row!.id, amount: input.amount, currency: charge.currency as Currency })
      await tx.rows(sql`UPDATE charges SET status = 'succeeded', payment_id = ${`balance_refund_${row!.id}`}, updated_at = now() WHERE id = ${row!.id}`)
      return null
    }
    return { refund: row!, paymentId: charge.payment_id }
  })
  if (!reserved) return
  const outcome = await provider(payload).refund({ paymentId: reserved.paymentId, amount: input.amount, idempotencyKey: `refund_${reserved.refund.id}`, metadata: { chargeId: reserved.refund.id } })
  await inTransaction(payload, async (tx) => {
    const status = outcome.status === 'failed' ? 'failed' : 'succeeded'
    await tx.rows(sql`UPDATE charges SET status = ${status}, payment_id = ${outcome.refundId}, failure_message = ${outcome.status === 'failed' ? outcome.message : null}, updated_at = now() WHERE id = ${reserved.refund.id}`)
  })
  if (outcome.status === 'failed') throw new BillingError(`The provider refused the refund: ${outcome.message}`)
}

async function endNow(tx: Tx, subscriptionId: string, reason: 'refunded' | 'staff'): Promise<void> {
  await tx.rows(sql`UPDATE charges SET status = 'cancelled', updated_at = now() WHERE subscription_id = ${subscriptionId} AND type = 'renewal' AND status IN ('open', 'failed')`)
  await tx.rows(sql`UPDATE subscriptions SET status = 'unprovisioned', ended_reason = ${reason}, updated_at = now() WHERE id = ${subscriptionId}`)
}

async function lockSubscription(tx: Tx, subscriptionId: string): Promise<{ user_id: string }> {
  const sub = await tx.one<{ user_id: string }>(sql`SELECT user_id FROM subscriptions WHERE id = ${subscriptionId} FOR UPDATE`)
  if (!sub) throw new BillingError('That subscription was not found.')
  return sub
}

/** Cancel now (perks end at once) or at the end of the paid period. */
export async function staffCancel(payload: Payload, staffId: string, input: { subscriptionId: string; when: 'now' | 'periodEnd'; reason: string }): Promise<void> {
  const reason = needReason(input.reason)
  await inTransaction(payload, async (tx) => {
    const sub = await lockSubscription(tx, input.subscriptionId)
    if (input.when === 'now') await endNow(tx, input.subscriptionId, 'staff')
    else await tx.rows(sql`UPDATE charges SET status = 'cancelled', updated_at = now() WHERE subscription_id = ${input.subscriptionId} AND type = 'renewal' AND status = 'open'`)
    await record(tx, { userId: sub.user_id, staffId, act: input.when === 'now' ? 'cancelNow' : 'cancelAtPeriodEnd', subscriptionId: input.subscriptionId, reason })
  })
}

/** Credits free days: the next renewal moves that many days later (perks run on meanwhile). */
export async function credit(payload: Payload, staffId: string, input: { subscriptionId: string; days: number; reason: string }): Promise<void> {
  const reason = needReason(input.reason)
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 366) throw new BillingError('Credit between 1 and 366 days.')
  await inTransaction(payload, async (tx) => {
    const sub = await lockSubscription(tx, input.subscriptionId)
    const next = await tx.one<ChargeRow>(sql`SELECT * FROM charges WHERE subscription_id = ${input.subscriptionId} AND type = 'renewal' AND status IN ('open', 'cancelled') ORDER BY due DESC LIMIT 1 FOR UPDATE`)
    if (!next || next.due.getTime() <= Date.now()) throw new BillingError('Only a subscription with a paid period running can be credited.')
    await tx.rows(sql`UPDATE charges SET due = ${addDays(new Date(next.due), input.days)}, period_end = ${next.period_end ? addDays(new Date(next.period_end), input.days) : null}, updated_at = now() WHERE id = ${next.id}`)
    await record(tx, { userId: sub.user_id, staffId, act: 'credit', subscriptionId: input.subscriptionId, chargeId: next.id, days: input.days, reason })
  })
}
