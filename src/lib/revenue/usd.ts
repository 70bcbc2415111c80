import type { Currency } from '../billing/currency'
import { convertFromUsd } from '../billing/demoPrices'

/**
 * A charge's amount (minor units of its currency) in micro-units of USD, truncated toward zero
 * (so a full refund cancels its charge exactly).
 *
 * Non-USD charges use the demo rate table of src/lib/billing/demoPrices.ts — the same table the demo
 * prices were converted with. That is a demo's stand-in: a real deployment records what the payment
 * provider settled in USD (Stripe's balance transaction) and adds that instead. The table is read
 * through `convertFromUsd`: a million dollars converts without rounding (100,000,000 cents × the
 * table's micro-rate × the currency's scale / 10⁸), which gives the rate as an exact integer.
 */
const MILLION_USD_CENTS = 100_000_000
const MICRO_IN_A_MILLION_USD = 1_000_000_000_000n

export function chargeToUsdMicro(amountMinor: bigint, currency: Currency): bigint {
  const minorPerMillionUsd = BigInt(convertFromUsd(MILLION_USD_CENTS, currency))
  return (amountMinor * MICRO_IN_A_MILLION_USD) / minorPerMillionUsd
}

/**
 * What paying a charge of the site from a creator's balance takes from it: the charge in micro-units
 * of USD, rounded up to a whole cent (the balance is paid out and spent in whole cents; the site is
 * never paid less than the charge).
 */
export function chargeCostMicro(amountMinor: bigint, currency: Currency): bigint {
  const micro = chargeToUsdMicro(amountMinor, currency)
  const cent = 10_000n
  return ((micro + cent - 1n) / cent) * cent
}
