import { isCurrency } from '../../../lib/billing/currency'
import { monthOf, startOfDay } from '../../../lib/revenue/days'
import { centsToMicro, toMicro } from '../../../lib/revenue/money'
import { staffIncomeForDay, type PoolEntry } from '../../../lib/revenue/pool'
import { chargeToUsdMicro } from '../../../lib/revenue/usd'
import { sql, type Tx } from './db'

/** What staff entered for `day` (its own entries and its share of its month's), in micro-units. */
export async function staffIncome(tx: Tx, day: string): Promise<bigint> {
  const rows = await tx.rows<{ period: string; amount: string }>(sql`
    SELECT period, amount::bigint::text AS amount FROM revenue_pools WHERE period IN (${day}, ${monthOf(day)})`)
  const entries: PoolEntry[] = rows.map((r) => ({ period: r.period, amount: centsToMicro(toMicro(r.amount)) }))
  return staffIncomeForDay(day, entries)
}

/**
 * The day's Plus income net of refunds, in micro-units of USD: Plus charges that succeeded that
 * day (dated by their last attempt, when the payment was taken) plus that day's refunds (negative
 * charges, dated when made) of Plus charges. Each charge is converted on its own
 * (src/lib/revenue/usd.ts: demo rates for other currencies).
 */
export async function plusIncome(tx: Tx, day: string): Promise<bigint> {
  const start = startOfDay(day)
  const rows = await tx.rows<{ amount: string; currency: string }>(sql`
    SELECT c.amount::bigint::text AS amount, c.currency::text AS currency
    FROM charges c JOIN billing_prices p ON p.id = c.price_id JOIN billing_products b ON b.id = p.product_id
    WHERE b.kind = 'plus' AND c.status = 'succeeded' AND c.amount <> 0
      AND COALESCE(c.last_attempt, c.created_at) >= ${start}::timestamptz
      AND COALESCE(c.last_attempt, c.created_at) < ${start}::timestamptz + interval '1 day'`)
  let total = 0n
  for (const r of rows) {
    if (!isCurrency(r.currency)) throw new Error(`a Plus charge in an unknown currency: ${r.currency}`)
    total += chargeToUsdMicro(toMicro(r.amount), r.currency)
  }
  return total
}
