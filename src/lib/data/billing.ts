import type { Payload } from 'payload'

import { isCurrency, type Currency } from '../billing/currency'
import { INTERVALS, type Interval } from '../billing/intervals'
import { relationId } from '../ids'
import type { BillingPrice, BillingProduct, Charge, PaymentMethod, Subscription } from '../../payload-types'
import { billingTestMode } from '../../plugins/billing/providers'
import { ensureCatalogue } from '../../plugins/billing/service/catalogue'
import { as, type Viewer } from './viewer'

/*
 * Billing's reads for the pages (/plus, /settings/billing, /settings/billing/charges, the staff view):
 * every read is the viewer's own through the collections' access (a user sees only their own
 * billing; staff everyone's). Amounts are integer minor units of `currency`.
 */

export type PlanPrices = { productId: string; currency: Currency; amounts: Partial<Record<Interval, number>>; demo: boolean }

/** A product's public prices in every currency it is sold in (for the currency picker). */
export async function productPrices(payload: Payload, productKey: string): Promise<{ product: BillingProduct | null; prices: PlanPrices[] }> {
  await ensureCatalogue(payload)
  const products = await payload.find({ collection: 'billing-products', where: { key: { equals: productKey } }, limit: 1, depth: 0, overrideAccess: false })
  const product = products.docs[0] ?? null
  if (!product) return { product: null, prices: [] }
  const { docs } = await payload.find({ collection: 'billing-prices', where: { product: { equals: product.id }, public: { equals: true } }, limit: 100, depth: 0, overrideAccess: false })
  const prices = docs.filter((p) => isCurrency(p.currency)).map((p) => toPlanPrices(p))
  return { product, prices: prices.sort((a, b) => a.currency.localeCompare(b.currency)) }
}

function toPlanPrices(p: BillingPrice): PlanPrices {
  const amounts: Partial<Record<Interval, number>> = {}
  for (const interval of INTERVALS) if (typeof p[interval] === 'number') amounts[interval] = p[interval] as number
  return { productId: relationId(p.product)!, currency: p.currency as Currency, amounts, demo: !!p.demo }
}

export type NextCharge = { id: string; status: Charge['status']; due: string; amount: number; interval: Interval | null; failureMessage: string | null }
export type SubscriptionView = {
  id: string
  productKey: string
  productName: string
  productKind: BillingProduct['kind']
  interval: Interval
  currency: Currency
  status: Subscription['status']
  endedReason: Subscription['endedReason']
  next: NextCharge | null
  /** The end of the paid period (when a cancelled one's perks end). */
  paidUntil: string | null
  intervals: Interval[]
  createdAt: string
}
export type MethodView = { id: string; brand: PaymentMethod['brand']; last4: string; expMonth: number; expYear: number; primary: boolean }
export type ChargeView = {
  id: string
  type: Charge['type']
  status: Charge['status']
  amount: number
  currency: Currency
  due: string
  createdAt: string
  card: string | null
  reason: string | null
  failureMessage: string | null
  parent: string | null
  subscription: string | null
  productName: string | null
  refunded: number
}

const RUNNING: Charge['status'][] = ['open', 'processing', 'failed', 'cancelled', 'expiring']

/** A user's subscriptions (newest first) with their next charge; `userId` is the viewer's own unless staff. */
export async function subscriptionsOf(viewer: Viewer, userId: string): Promise<SubscriptionView[]> {
  const { docs } = await viewer.payload.find({ collection: 'subscriptions', where: { user: { equals: userId } }, sort: '-createdAt', limit: 50, depth: 1, ...as(viewer) })
  if (!docs.length) return []
  const charges = await viewer.payload.find({
    collection: 'charges',
    where: { subscription: { in: docs.map((d) => d.id) }, type: { in: ['renewal', 'subscription', 'proration'] } },
    sort: '-due',
    limit: 100,
    depth: 0,
    ...as(viewer),
  })
  return docs.map((sub) => {
    const own = charges.docs.filter((c) => relationId(c.subscription) === sub.id)
    const next = own.find((c) => c.type === 'renewal' && RUNNING.includes(c.status)) ?? null
    const paid = own.filter((c) => c.status === 'succeeded' && c.periodEnd).sort((a, b) => b.periodEnd!.localeCompare(a.periodEnd!))[0]
    const product = typeof sub.product === 'object' ? sub.product : null
    const price = typeof sub.price === 'object' ? sub.price : null
    return {
      id: sub.id,
      productKey: product?.key ?? '',
      productName: product?.name ?? '',
      productKind: product?.kind ?? 'plus',
      interval: sub.interval as Interval,
      currency: sub.currency as Currency,
      status: sub.status,
      endedReason: sub.endedReason ?? null,
      next: next ? { id: next.id, status: next.status, due: next.due, amount: next.amount, interval: (next.interval as Interval) ?? null, failureMessage: next.failureMessage ?? null } : null,
      paidUntil: next?.due ?? paid?.periodEnd ?? null,
      intervals: price ? INTERVALS.filter((i) => i !== 'fiveDays' && typeof price[i] === 'number') : [],
      createdAt: sub.createdAt,
    }
  })
}

export async function methodsOfUser(viewer: Viewer, userId: string): Promise<MethodView[]> {
  const provider = billingTestMode() ? 'test' : 'stripe'
  const { docs } = await viewer.payload.find({ collection: 'payment-methods', where: { user: { equals: userId }, provider: { equals: provider } }, sort: 'createdAt', limit: 50, depth: 0, ...as(viewer) })
  return docs
    .map((m) => ({ id: m.id, brand: m.brand, last4: m.last4, expMonth: m.expMonth, expYear: m.expYear, primary: !!m.primary }))
    .sort((a, b) => Number(b.primary) - Number(a.primary))
}

/** Every charge of a user (not the next ones not yet due), newest first, refunds beside what they refund. */
export async function chargesOfUser(viewer: Viewer, userId: string): Promise<ChargeView[]> {
  const { docs } = await viewer.payload.find({
    collection: 'charges',
    where: { user: { equals: userId }, status: { not_in: ['open', 'cancelled', 'expiring'] } },
    sort: '-createdAt',
    limit: 100,
    depth: 1,
    ...as(viewer),
  })
  const refunded = new Map<string, number>()
  for (const c of docs) if (c.type === 'refund' && c.status !== 'failed' && c.parent) refunded.set(relationId(c.parent)!, (refunded.get(relationId(c.parent)!) ?? 0) - c.amount)
  return docs.map((c) => {
    const sub = typeof c.subscription === 'object' ? c.subscription : null
    const product = sub && typeof sub.product === 'object' ? sub.product : null
    return {
      id: c.id,
      type: c.type,
      status: c.status,
      amount: c.amount,
      currency: c.currency as Currency,
      due: c.due,
      createdAt: c.createdAt,
      card: c.methodLabel ?? null,
      reason: c.reason ?? null,
      failureMessage: c.failureMessage ?? null,
      parent: relationId(c.parent),
      subscription: sub?.id ?? relationId(c.subscription),
      productName: product?.name ?? null,
      refunded: refunded.get(c.id) ?? 0,
    }
  })
}

/** Whether the user has Plus now (its perks: the profile badge, no ads). Public: the badge shows to all. */
export async function hasPlus(payload: Payload, userId: string): Promise<boolean> {
  const plus = await payload.find({ collection: 'billing-products', where: { kind: { equals: 'plus' } }, limit: 10, depth: 0, overrideAccess: true, select: {} })
  if (!plus.docs.length) return false
  const { totalDocs } = await payload.count({ collection: 'subscriptions', where: { user: { equals: userId }, status: { equals: 'provisioned' }, product: { in: plus.docs.map((p) => p.id) } }, overrideAccess: true })
  return totalDocs > 0
}

/** Whether one of the user's renewals has failed (the "subscription payment failed" banner). */
export async function renewalFailed(payload: Payload, userId: string): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: 'charges', where: { user: { equals: userId }, type: { equals: 'renewal' }, status: { equals: 'failed' } }, overrideAccess: true })
  return totalDocs > 0
}
