import type { Currency } from '../billing/currency'
import type { Interval } from '../billing/intervals'
import { relationId } from '../ids'
import { productPrices, subscriptionsOf, type SubscriptionView } from './billing'
import { serverPlans, type PlanView, type ServerView } from './hosting'
import { as, type Viewer } from './viewer'

/** What a server's billing page offers for its plan (./hosting.ts has the server itself). */
export type ServerPlanChoices = {
  subscription: SubscriptionView | null
  /** On a trial: keep the server by choosing a paid plan. Otherwise: move between plans. */
  trial: boolean
  current: string
  /** What the current plan costs at the subscription's interval (minor units). */
  currentAmount: number
  /** A cheaper plan chosen for the next renewal, if any. */
  pending: string | null
  plans: PlanView[]
  interval: Interval
  currency: Currency
  /** A trial's paid plan whose first payment is still processing. */
  paymentInProgress: boolean
}

export async function serverPlanChoices(viewer: Viewer, server: ServerView): Promise<ServerPlanChoices | null> {
  if (!viewer.user || !server.ownerId) return null
  const [subscriptions, plans, doc, currentPrices] = await Promise.all([
    subscriptionsOf(viewer, server.ownerId),
    serverPlans(viewer.payload),
    viewer.payload.findByID({ collection: 'servers', id: server.id, depth: 0, disableErrors: true, ...as(viewer) }),
    productPrices(viewer.payload, server.planKey),
  ])
  const subscription = subscriptions.find((s) => s.id === server.subscriptionId) ?? null
  const trial = subscription?.productKind === 'trial'
  let pending: string | null = null
  if (subscription?.next && !trial) {
    const charge = await viewer.payload.findByID({ collection: 'charges', id: subscription.next.id, depth: 1, disableErrors: true, ...as(viewer) })
    const price = charge && typeof charge.price === 'object' ? charge.price : null
    const productId = price ? relationId(price.product) : null
    const key = productId ? (await viewer.payload.findByID({ collection: 'billing-products', id: productId, depth: 0, disableErrors: true, ...as(viewer) }))?.key : null
    pending = key && key !== server.planKey ? key : null
  }
  const interval: Interval = trial || !subscription ? 'monthly' : subscription.interval
  const currency: Currency = subscription?.currency ?? 'USD'
  return {
    subscription,
    trial,
    current: server.planKey,
    currentAmount: currentPrices.prices.find((p) => p.currency === currency)?.amounts[interval] ?? 0,
    pending,
    plans: plans.filter((p) => p.kind === 'server'),
    interval,
    currency,
    paymentInProgress: !!doc?.nextSubscription,
  }
}
