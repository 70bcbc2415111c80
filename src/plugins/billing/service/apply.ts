import { addDays, INTERVAL_DAYS, type Interval } from '../../../lib/billing/intervals'
import { base62Id } from '../../../lib/ids'
import { paymentFailed } from '../../../lib/notifications/messages'
import { notificationInserts } from '../../../lib/notifications/notify'
import type { PaymentOutcome } from '../providers/types'
import { sql, type Tx } from './db'
import { amountFor, num, type ChargeRow, type PriceRow } from './rows'

export type Applied = 'succeeded' | 'failed' | 'processing' | 'stale'

/**
 * Applies a payment's outcome to its charge, inside the caller's transaction. Only a charge still
 * `processing` in the same attempt moves: the outcome reported at once and the webhook that
 * confirms it, or a replayed event, or an event of an earlier attempt, find nothing to do.
 */
export async function applyOutcome(tx: Tx, input: { chargeId: string; attempt: number | null; outcome: PaymentOutcome; now?: Date }): Promise<Applied> {
  const now = input.now ?? new Date()
  const charge = await tx.one<ChargeRow>(sql`SELECT * FROM charges WHERE id = ${input.chargeId} FOR UPDATE`)
  if (!charge || charge.status !== 'processing') return 'stale'
  if (input.attempt != null && num(charge.attempts) !== input.attempt) return 'stale'
  const { outcome } = input
  if (outcome.status === 'processing') {
    await tx.rows(sql`UPDATE charges SET payment_id = ${outcome.paymentId}, updated_at = ${now} WHERE id = ${charge.id}`)
    return 'processing'
  }
  if (outcome.status === 'failed') {
    await tx.rows(sql`UPDATE charges SET status = 'failed', failure_message = ${outcome.message}, payment_id = COALESCE(${outcome.paymentId}, payment_id), updated_at = ${now} WHERE id = ${charge.id}`)
    if (charge.type === 'renewal') await notifyPaymentFailed(tx, charge.user_id)
    if (charge.type === 'subscription' && charge.subscription_id) {
      await tx.rows(sql`UPDATE subscriptions SET ended_reason = 'paymentFailed', updated_at = ${now} WHERE id = ${charge.subscription_id}`)
    }
    return 'failed'
  }
  await succeed(tx, charge, outcome.paymentId, now)
  return 'succeeded'
}

async function succeed(tx: Tx, charge: ChargeRow, paymentId: string, now: Date): Promise<void> {
  const interval = charge.interval as Interval
  // A renewal paid at its first attempt continues the paid period; a first payment, a retried one
  // (perks may have lapsed meanwhile) or a switch starts a new period now.
  const start = charge.type === 'renewal' && num(charge.attempts) === 1 ? new Date(charge.due) : now
  const end = addDays(start, INTERVAL_DAYS[interval])
  await tx.rows(sql`UPDATE charges SET status = 'succeeded', payment_id = ${paymentId}, failure_message = NULL, period_end = ${end}, updated_at = ${now} WHERE id = ${charge.id}`)
  if (!charge.subscription_id) return
  await tx.rows(sql`UPDATE subscriptions SET status = 'provisioned', ended_reason = NULL, interval = ${interval}, updated_at = ${now} WHERE id = ${charge.subscription_id}`)
  // A plan change (./changePlan.ts) rides on the charge's price: paid, the subscription moves to it.
  if (charge.price_id && (charge.type === 'proration' || charge.type === 'renewal')) {
    await tx.rows(sql`
      UPDATE subscriptions s SET price_id = p.id, product_id = p.product_id, updated_at = ${now} FROM billing_prices p
      WHERE s.id = ${charge.subscription_id} AND p.id = ${charge.price_id} AND s.price_id <> p.id`)
  }
  const price = await tx.one<PriceRow>(sql`SELECT p.* FROM billing_prices p JOIN subscriptions s ON s.price_id = p.id WHERE s.id = ${charge.subscription_id}`)
  const amount = price ? amountFor(price, interval) : null
  const next = await tx.one<{ id: string }>(sql`SELECT id FROM charges WHERE subscription_id = ${charge.subscription_id} AND type = 'renewal' AND status IN ('open', 'cancelled', 'expiring') AND id <> ${charge.id} FOR UPDATE`)
  if (next) {
    // A switch moves the next renewal: it is due when the new period ends, at the new interval's price.
    if (charge.type === 'proration') {
      await tx.rows(sql`
        UPDATE charges SET due = ${end}, period_end = ${addDays(end, INTERVAL_DAYS[interval])}, interval = ${interval}, amount = ${amount ?? 0}, price_id = ${price?.id ?? charge.price_id}, updated_at = ${now}
        WHERE id = ${next.id}`)
    }
    return
  }
  // A trial is not renewed: its next charge is `expiring` and ends it when due, unless promoted to a plan.
  const kind = await tx.one<{ kind: string }>(sql`SELECT b.kind FROM billing_products b JOIN subscriptions s ON s.product_id = b.id WHERE s.id = ${charge.subscription_id}`)
  const nextStatus = kind?.kind === 'trial' ? 'expiring' : 'open'
  await tx.rows(sql`
    INSERT INTO charges (id, user_id, subscription_id, price_id, type, status, amount, currency, interval, due, period_end, attempts, provider, method_id, method_label, updated_at, created_at)
    VALUES (${base62Id()}, ${charge.user_id}, ${charge.subscription_id}, ${charge.price_id}, 'renewal', ${nextStatus}, ${amount ?? num(charge.amount)}, ${charge.currency}, ${interval},
      ${end}, ${addDays(end, INTERVAL_DAYS[interval])}, 0, ${charge.provider}, ${charge.method_id}, (SELECT method_label FROM charges WHERE id = ${charge.id}), ${now}, ${now})`)
}

/** The failed-renewal notification (spec §2 banners: the banner itself reads the charge); also emailed. */
async function notifyPaymentFailed(tx: Tx, userId: string): Promise<void> {
  for (const statement of notificationInserts([userId], paymentFailed())) await tx.rows(statement)
}
