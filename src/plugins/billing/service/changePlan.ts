import type { Payload } from 'payload'

import { prorationAmount } from '../../../lib/billing/intervals'
import { attemptCharge } from './attempt'
import { inTransaction, sql, type Tx } from './db'
import { creditLeft, insertProration, lockNext } from './manage'
import { primaryMethod } from './methods'
import { amountFor, BillingError, num, type ChargeRow, type PriceRow } from './rows'

export type PlanChange =
  | { when: 'now'; charged: number; outcome: Awaited<ReturnType<typeof attemptCharge>> }
  | { when: 'renewal'; at: Date; amount: number }
  | { when: 'kept' }

type ProductRow = { id: string; key: string; kind: string }

/**
 * Moves a running subscription to another plan of the same kind (a server from small to large …).
 * A dearer plan starts now: its price for the subscription's interval less what is left of the paid
 * period, and a new period from today (like a switch to a longer interval). A cheaper one starts at
 * the next renewal, which is rewritten to its price; choosing the current plan again undoes that.
 * The subscription itself moves to the new plan when the charge carrying its price is paid
 * (./apply.ts), so an unpaid upgrade changes nothing.
 */
export async function changePlan(payload: Payload, userId: string, subscriptionId: string, productKey: string, now = new Date()): Promise<PlanChange> {
  const method = await primaryMethod(payload, userId)
  const plan = await inTransaction(payload, async (tx) => {
    const { sub, next } = await lockNext(tx, userId, subscriptionId)
    if (!next || next.status === 'expiring') throw new BillingError('Only a running subscription can change its plan.')
    if (next.status === 'cancelled') throw new BillingError('Resubscribe first, then change the plan.')
    if (next.status === 'failed') throw new BillingError('Pay the failed renewal first, then change the plan.')
    if (next.status === 'processing') throw new BillingError('A payment for this subscription is in progress. Try again in a minute.')
    const current = await tx.one<ProductRow>(sql`SELECT id, key, kind FROM billing_products WHERE id = ${sub.product_id}`)
    const target = await tx.one<ProductRow & { price: PriceRow }>(sql`
      SELECT b.id, b.key, b.kind, to_jsonb(p.*) AS price FROM billing_products b JOIN billing_prices p ON p.product_id = b.id AND p.currency = ${sub.currency} AND p.public
      WHERE b.key = ${productKey}`)
    if (!current || !target || target.kind !== current.kind || current.kind === 'trial') throw new BillingError('That plan is not offered for this subscription.')
    const currentPrice = await tx.one<PriceRow>(sql`SELECT * FROM billing_prices WHERE id = ${sub.price_id}`)
    const newAmount = amountFor(target.price, sub.interval)
    if (newAmount == null || !currentPrice) throw new BillingError('This plan is not sold at your interval in your currency.')
    if (target.id === current.id) {
      if (next.price_id === sub.price_id) throw new BillingError('This is already your plan.')
      // Undo a change waiting for the renewal.
      await tx.rows(sql`UPDATE charges SET price_id = ${sub.price_id}, amount = ${amountFor(currentPrice, sub.interval) ?? num(next.amount)}, updated_at = ${now} WHERE id = ${next.id}`)
      return { kind: 'kept' as const }
    }
    const currentAmount = amountFor(currentPrice, sub.interval) ?? 0
    if (newAmount <= currentAmount) {
      await tx.rows(sql`UPDATE charges SET price_id = ${target.price.id}, amount = ${newAmount}, updated_at = ${now} WHERE id = ${next.id}`)
      return { kind: 'renewal' as const, at: new Date(next.due), amount: newAmount }
    }
    const amount = prorationAmount(newAmount, await creditLeft(tx, sub, next, now))
    return { kind: 'now' as const, charge: (await insertProration(tx, payload, { sub, priceId: target.price.id, amount, interval: sub.interval, method, now }))! }
  })
  if (plan.kind === 'kept') return { when: 'kept' }
  if (plan.kind === 'renewal') return { when: 'renewal', at: plan.at, amount: plan.amount }
  const charge: ChargeRow = plan.charge
  const outcome = await attemptCharge(payload, charge, method, now)
  if (outcome === 'failed') throw new BillingError('The payment for the new plan was declined. Your plan is unchanged.')
  return { when: 'now', charged: num(charge.amount), outcome }
}

/** A trial whose server moved to a paid plan ends now: no renewal, nothing charged. */
export async function endPromotedTrial(tx: Tx, subscriptionId: string, now: Date): Promise<void> {
  await tx.rows(sql`UPDATE charges SET status = 'cancelled', updated_at = ${now} WHERE subscription_id = ${subscriptionId} AND type = 'renewal' AND status = 'expiring'`)
  await tx.rows(sql`
    UPDATE subscriptions s SET status = 'unprovisioned', ended_reason = 'cancelled', updated_at = ${now} FROM billing_products b
    WHERE s.id = ${subscriptionId} AND b.id = s.product_id AND b.kind = 'trial'`)
}
