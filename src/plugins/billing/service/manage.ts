import type { Payload } from 'payload'

import { INTERVAL_DAYS, prorationAmount, switchesNow, unusedCredit, addDays, type Interval } from '../../../lib/billing/intervals'
import { base62Id } from '../../../lib/ids'
import { attemptCharge } from './attempt'
import { inTransaction, sql, type Tx } from './db'
import { methodLabel, ownMethod, primaryMethod, setPrimary } from './methods'
import { perksChanged } from './perks'
import { provider } from './provider'
import { amountFor, BillingError, num, type ChargeRow, type PriceRow, type SubscriptionRow } from './rows'

/*
 * What a subscriber does with their subscription (spec §4). Each change locks the subscription's
 * next charge and moves it only from the status it expects; `userId` is the signed-in owner (staff
 * acts are in ./staff.ts).
 */

export async function lockNext(tx: Tx, userId: string, subscriptionId: string): Promise<{ sub: SubscriptionRow; next: ChargeRow | null }> {
  const sub = await tx.one<SubscriptionRow>(sql`SELECT * FROM subscriptions WHERE id = ${subscriptionId} AND user_id = ${userId} FOR UPDATE`)
  if (!sub) throw new BillingError('That subscription was not found.')
  const next = await tx.one<ChargeRow>(sql`
    SELECT * FROM charges WHERE subscription_id = ${subscriptionId} AND type = 'renewal' AND status IN ('open', 'processing', 'failed', 'cancelled', 'expiring')
    ORDER BY due DESC LIMIT 1 FOR UPDATE`)
  return { sub, next }
}

/** Cancel: perks stay to the end of the paid period; a failed renewal ends them now. */
export async function cancel(payload: Payload, userId: string, subscriptionId: string): Promise<void> {
  await inTransaction(payload, async (tx) => {
    const { next } = await lockNext(tx, userId, subscriptionId)
    if (!next || next.status === 'cancelled') return
    if (next.status === 'processing') throw new BillingError('A payment for this subscription is in progress. Try again in a minute.')
    await tx.rows(sql`UPDATE charges SET status = 'cancelled', updated_at = now() WHERE id = ${next.id}`)
    if (next.status === 'failed') await tx.rows(sql`UPDATE subscriptions SET status = 'unprovisioned', ended_reason = 'cancelled', updated_at = now() WHERE id = ${subscriptionId}`)
  })
  await perksChanged(payload, [userId])
}

/** Resubscribe before the paid period ends: the renewal is back on, nothing is charged now. */
export async function resubscribe(payload: Payload, userId: string, subscriptionId: string): Promise<void> {
  await inTransaction(payload, async (tx) => {
    const { sub, next } = await lockNext(tx, userId, subscriptionId)
    if (!next || next.status !== 'cancelled' || sub.status !== 'provisioned' || next.due.getTime() <= Date.now()) {
      throw new BillingError('This subscription has ended. Subscribe again from the plan’s page.')
    }
    await tx.rows(sql`UPDATE charges SET status = 'open', updated_at = now() WHERE id = ${next.id}`)
  })
}

/** Pay a failed renewal now, with another card if the user picks one (it becomes the renewal's card). */
export async function payNow(payload: Payload, userId: string, subscriptionId: string, methodId?: string | null): Promise<'succeeded' | 'failed' | 'processing' | 'unreachable' | 'stale'> {
  const method = methodId ? await ownMethod(payload, userId, methodId) : await primaryMethod(payload, userId)
  if (!method) throw new BillingError('Add a payment method first.')
  const claimed = await inTransaction(payload, async (tx) => {
    const { next } = await lockNext(tx, userId, subscriptionId)
    if (!next || next.status !== 'failed') throw new BillingError('This subscription has no failed payment to pay.')
    return tx.one<ChargeRow>(sql`
      UPDATE charges SET status = 'processing', attempts = attempts + 1, last_attempt = now(), method_id = ${method.id}, method_label = ${methodLabel(method)}, updated_at = now()
      WHERE id = ${next.id} RETURNING *`)
  })
  const outcome = await attemptCharge(payload, claimed!, method)
  // Renewals charge the primary card: the card that just paid is the one to keep using.
  if (outcome === 'succeeded' && !method.primary) await setPrimary(payload, { id: userId }, method.id)
  return outcome
}

/**
 * Switch interval (monthly ⇄ quarterly ⇄ yearly). To a longer one: now, charged its price less
 * what is left of the paid period (floored), and the new period starts today. To a shorter one:
 * at the next renewal, which is rewritten to the new interval and price.
 */
export async function switchInterval(payload: Payload, userId: string, subscriptionId: string, interval: Interval): Promise<{ charged: number | null; outcome?: string }> {
  const now = new Date()
  const method = await primaryMethod(payload, userId)
  const plan = await inTransaction(payload, async (tx) => {
    const { sub, next } = await lockNext(tx, userId, subscriptionId)
    if (!next || next.status !== 'open') throw new BillingError('Only a running subscription can change its interval.')
    if (next.interval === interval) throw new BillingError('The subscription already renews at that interval.')
    // A later switch keeps a plan change waiting for the renewal (its price is the next charge's).
    const later = !switchesNow(sub.interval, interval)
    const price = await tx.one<PriceRow>(sql`SELECT * FROM billing_prices WHERE id = ${later ? (next.price_id ?? sub.price_id) : sub.price_id}`)
    const newAmount = price ? amountFor(price, interval) : null
    if (newAmount == null) throw new BillingError('This plan is not sold at that interval in your currency.')
    if (later) {
      await tx.rows(sql`UPDATE charges SET interval = ${interval}, amount = ${newAmount}, period_end = ${addDays(next.due, INTERVAL_DAYS[interval])}, updated_at = now() WHERE id = ${next.id}`)
      return null
    }
    const amount = prorationAmount(newAmount, await creditLeft(tx, sub, next, now))
    return insertProration(tx, payload, { sub, priceId: sub.price_id, amount, interval, method, now })
  })
  if (!plan) return { charged: null }
  const outcome = await attemptCharge(payload, plan, method)
  if (outcome === 'failed') throw new BillingError('The payment for the switch was declined. Your subscription is unchanged.')
  return { charged: num(plan.amount), outcome }
}

/** What is left, in minor units, of the period last paid for, up to the next renewal (floored). */
export async function creditLeft(tx: Tx, sub: SubscriptionRow, next: ChargeRow, now: Date): Promise<number> {
  const paid = await tx.one<ChargeRow>(sql`
    SELECT * FROM charges WHERE subscription_id = ${sub.id} AND type IN ('subscription', 'renewal', 'proration') AND status = 'succeeded' ORDER BY period_end DESC NULLS LAST LIMIT 1`)
  const periodStart = paid?.period_end ? addDays(new Date(paid.period_end), -INTERVAL_DAYS[paid.interval ?? sub.interval]) : now
  return paid ? unusedCredit(num(paid.amount), periodStart, new Date(next.due), now) : 0
}

/** A proration charge, claimed (`processing`) for an attempt now; its price is the one the subscription moves to once it is paid. */
export const insertProration = (
  tx: Tx,
  payload: Payload,
  input: { sub: SubscriptionRow; priceId: string; amount: number; interval: Interval; method: Awaited<ReturnType<typeof primaryMethod>>; now: Date },
) =>
  tx.one<ChargeRow>(sql`
    INSERT INTO charges (id, user_id, subscription_id, price_id, type, status, amount, currency, interval, due, last_attempt, attempts, provider, method_id, method_label, updated_at, created_at)
    VALUES (${base62Id()}, ${input.sub.user_id}, ${input.sub.id}, ${input.priceId}, 'proration', 'processing', ${input.amount}, ${input.sub.currency}, ${input.interval}, ${input.now}, ${input.now}, 1,
      ${provider(payload).name}, ${input.method?.id ?? null}, ${input.method ? methodLabel(input.method) : null}, ${input.now}, ${input.now})
    RETURNING *`)
