import { formatMoney } from '../billing/currency'

/**
 * Creator revenue is counted in integer micro-units of US dollars (10⁻⁶ USD) held in `bigint`:
 * a day's pool split over thousands of projects keeps every fraction of a cent, and no float ever
 * touches an amount. Amounts are floored to cents only to show them and to pay them out.
 */
export const MICRO_PER_USD = 1_000_000n
export const MICRO_PER_CENT = 10_000n

export const centsToMicro = (cents: bigint | number): bigint => BigInt(cents) * MICRO_PER_CENT
/** Whole cents, floored (toward −∞). */
export const microToCentsFloor = (micro: bigint): bigint => (micro >= 0n ? micro / MICRO_PER_CENT : -((-micro + MICRO_PER_CENT - 1n) / MICRO_PER_CENT))
export const isWholeCents = (micro: bigint): boolean => micro % MICRO_PER_CENT === 0n

/** A bigint from what SQL hands back for a `bigint`/`numeric` column (a string) or a number. */
export function toMicro(value: string | number | bigint | null | undefined): bigint {
  if (value == null) return 0n
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`toMicro: ${value} is not a whole number of micro-units`)
    return BigInt(value)
  }
  if (!/^-?\d+$/.test(value.trim())) throw new RangeError(`toMicro: ${value} is not a whole number of micro-units`)
  return BigInt(value.trim())
}

/** "12.34": whole cents as the decimal string payout APIs take (PayPal's `value`, Tremendous' `denomination`). */
export function usdDecimal(micro: bigint): string {
  if (!isWholeCents(micro) || micro < 0n) throw new RangeError('usdDecimal: not a non-negative whole number of cents')
  const cents = micro / MICRO_PER_CENT
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
}

/** For display: floored to the cent ($0.009999 shows as $0.00), in the locale. */
export function formatUsdMicro(micro: bigint, locale = 'en-US'): string {
  return formatMoney(Number(microToCentsFloor(micro)), 'USD', locale)
}
