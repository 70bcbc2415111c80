import { addDaysTo, isDay } from './days'
import { microToCentsFloor } from './money'

/*
 * How revenue figures are shown (the revenue pages and the staff view). Pure: no amount is ever
 * computed from what these return — they are the display of figures the ledger already holds.
 */

/**
 * A payout destination with most of it hidden (the transfers page: enough to recognise it, not to
 * read it off a screen): `j•••@example.com`, `•••• 4567` for a phone number, a gift card's name as is.
 */
export function maskDestination(destination: string): string {
  const at = destination.lastIndexOf('@')
  if (at > 0) return `${destination[0]}•••@${destination.slice(at + 1)}`
  if (/^\d{7,}$/.test(destination)) return `•••• ${destination.slice(-4)}`
  return destination.length > 8 ? `${destination.slice(0, 4)}•••` : destination
}

/** A share as a percentage with two decimals, floored (`part / whole`; 0 when the whole is 0): "33.33". */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole <= 0n) return '0.00'
  const hundredths = (part * 10_000n) / whole
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`
}

/** An amount of micro-units as whole cents for a chart (floored to the cent; the chart formats them as money). */
export const chartCents = (micro: bigint): number => Number(microToCentsFloor(micro))

/** The spans the revenue page offers, in days ending with the last day paid. */
export const REVENUE_RANGES = [30, 90, 365] as const
export type RevenueRange = (typeof REVENUE_RANGES)[number]
export const DEFAULT_REVENUE_RANGE: RevenueRange = 30

export function revenueRangeOf(value: unknown): RevenueRange {
  const n = Number(Array.isArray(value) ? value[0] : value)
  return (REVENUE_RANGES as readonly number[]).includes(n) ? (n as RevenueRange) : DEFAULT_REVENUE_RANGE
}

/** The days of a span of `length` days ending on `last` (a `YYYY-MM-DD`), oldest first. */
export function daysEnding(last: string, length: number): string[] {
  if (!isDay(last) || length < 1) return []
  return Array.from({ length }, (_, i) => addDaysTo(last, i - length + 1))
}

/**
 * An amount of micro-units to the micro-dollar, for explanations ("$0.012345", "$75.00"): the exact
 * figure the ledger holds, trailing zeros past the cents dropped. Balances are shown floored to the
 * cent (`formatUsdMicro`).
 */
export function formatUsdExact(micro: bigint): string {
  const negative = micro < 0n
  const abs = negative ? -micro : micro
  const dollars = (abs / 1_000_000n).toLocaleString('en-US')
  const fraction = String(abs % 1_000_000n).padStart(6, '0').replace(/0+$/, '').padEnd(2, '0')
  return `${negative ? '−' : ''}$${dollars}.${fraction}`
}
