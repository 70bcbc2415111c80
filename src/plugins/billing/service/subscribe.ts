import type { Payload } from 'payload'

import { isCurrency, type Currency } from '../../../lib/billing/currency'
import { addDays, INTERVAL_DAYS, type Interval } from '../../../lib/billing/intervals'
import { base62Id } from '../../../lib/ids'
import { attemptCharge } from './attempt'
import { db, inTransaction, sql } from './db'
import { methodLabel, ownMethod, primaryMethod } from './methods'
import { provider } from './provider'
import { amountFor, BillingError, type ChargeRow, type PriceRow } from './rows'

export type SubscribeInput = { productKey: string; currency: Currency; interval: Interval; methodId?: string | null }
export type SubscribeResult = { subscriptionId: string; chargeId: string; outcome: 'succeeded' | 'failed' | 'processing' | 'unreachable' | 'stale'; message?: string }

/** The public price of a product in a currency, or null. */
export async function priceOf(payload: Payload, productKey: string, currency: Currency): Promise<(PriceRow & { product_kind: string; product_unitary: boolean | null }) | null> {
  return db(payload).one(sql`
    SELECT p.*, b.kind AS product_kind, b.unitary AS product_unitary FROM billing_prices p JOIN billing_products b ON b.id = p.product_id
    WHERE b.key = ${productKey} AND p.currency = ${currency} AND p.public`)
}

/**
 * Subscribes the user to a product and takes the first payment now with the chosen (or primary)
 * card. One running subscription per unitary product (Plus, the trial): a second is refused, a
 * cancelled one that is still paid for is resumed instead (resubscribe). Servers are not unitary.
 */
export async function subscribe(payload: Payload, user: { id: string; email?: string | null }, input: SubscribeInput): Promise<SubscribeResult> {
  if (!isCurrency(input.currency)) throw new BillingError('That currency is not offered.')
  const price = await priceOf(payload, input.productKey, input.currency)
  const amount = price ? amountFor(price, input.interval) : null
  if (!price || amount == null) throw new BillingError('This plan is not sold in that currency and interval.')
  const method = input.methodId ? await ownMethod(payload, user.id, input.methodId) : await primaryMethod(payload, user.id)
  if (!method && amount > 0) throw new BillingError('Add a payment method first.')
  const now = new Date()
  const charge = await inTransaction(payload, async (tx) => {
    // One subscribe at a time per user, so two clicks cannot both pass the check below.
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`subscribe:${user.id}`}, 0))`)
    const running = await tx.one(sql`
      SELECT 1 FROM subscriptions s WHERE s.user_id = ${user.id} AND s.product_id = ${price.product_id}
      AND (s.status = 'provisioned' OR EXISTS (SELECT 1 FROM charges c WHERE c.subscription_id = s.id AND (c.status IN ('processing', 'open') OR (c.type = 'renewal' AND c.status = 'failed'))))`)
    if (running && price.product_unitary !== false) throw new BillingError('You already have this subscription. Manage it in your billing settings.')
    const subscriptionId = base62Id()
    await tx.rows(sql`
      INSERT INTO subscriptions (id, user_id, product_id, price_id, currency, interval, status, updated_at, created_at)
      VALUES (${subscriptionId}, ${user.id}, ${price.product_id}, ${price.id}, ${input.currency}, ${input.interval}, 'unprovisioned', ${now}, ${now})`)
    return tx.one<ChargeRow>(sql`
      INSERT INTO charges (id, user_id, subscription_id, price_id, type, status, amount, currency, interval, due, period_end, last_attempt, attempts, provider, method_id, method_label, updated_at, created_at)
      VALUES (${base62Id()}, ${user.id}, ${subscriptionId}, ${price.id}, 'subscription', 'processing', ${amount}, ${input.currency}, ${input.interval}, ${now},
        ${addDays(now, INTERVAL_DAYS[input.interval])}, ${now}, 1, ${provider(payload).name}, ${method?.id ?? null}, ${method ? methodLabel(method) : null}, ${now}, ${now})
      RETURNING *`)
  })
  const outcome = await attemptCharge(payload, charge!, method)
  const failed = outcome === 'failed' ? await db(payload).one<{ failure_message: string | null }>(sql`SELECT failure_message FROM charges WHERE id = ${charge!.id}`) : null
  return { subscriptionId: charge!.subscription_id!, chargeId: charge!.id, outcome, message: failed?.failure_message ?? undefined }
}
