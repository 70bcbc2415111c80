import type { Interval } from '../../../lib/billing/intervals'
import type { Currency } from '../../../lib/billing/currency'

/** A charge row as SQL returns it (numeric columns come back as strings). */
export type ChargeRow = {
  id: string
  user_id: string
  subscription_id: string | null
  price_id: string | null
  type: 'subscription' | 'renewal' | 'proration' | 'refund' | 'oneTime'
  status: 'open' | 'processing' | 'succeeded' | 'failed' | 'cancelled' | 'expiring'
  amount: string | number
  currency: Currency
  interval: Interval | null
  due: Date
  period_end: Date | null
  last_attempt: Date | null
  attempts: string | number | null
  provider: 'stripe' | 'test' | null
  payment_id: string | null
  method_id: string | null
  parent_id: string | null
}

export type SubscriptionRow = {
  id: string
  user_id: string
  product_id: string
  price_id: string
  currency: Currency
  interval: Interval
  status: 'provisioned' | 'unprovisioned'
}

export type PriceRow = { id: string; product_id: string; currency: Currency; monthly: string | null; quarterly: string | null; yearly: string | null; five_days: string | null; public: boolean }

export const num = (value: string | number | null | undefined): number => (value == null ? 0 : Number(value))

/** A price's amount for an interval in minor units, or null when it is not sold so. */
export function amountFor(price: PriceRow, interval: Interval): number | null {
  const raw = interval === 'fiveDays' ? price.five_days : price[interval]
  return raw == null ? null : Number(raw)
}

/** User-facing refusals of billing actions; the message is shown as it is. */
export class BillingError extends Error {}
