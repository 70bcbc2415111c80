/**
 * The premium plan's USD prices as the landing page's arithmetic knows them (the prices sold are
 * billing products: src/plugins/billing/service/catalogue.ts). Integer cents, so sums are exact.
 */
export const PLUS_PRICES_USD = { monthly: 499, quarterly: 1200, yearly: 4999 } as const
export type PlusInterval = keyof typeof PLUS_PRICES_USD
export const PLUS_MONTHS: Record<PlusInterval, number> = { monthly: 1, quarterly: 3, yearly: 12 }

/** The price per month of an interval, in cents (rounded down). */
export const perMonth = (interval: PlusInterval): number => Math.floor(PLUS_PRICES_USD[interval] / PLUS_MONTHS[interval])

/** How much an interval saves against paying monthly for as long, in whole percent (rounded down). */
export function savingPercent(interval: PlusInterval): number {
  const monthlyTotal = PLUS_PRICES_USD.monthly * PLUS_MONTHS[interval]
  return Math.max(0, Math.floor(((monthlyTotal - PLUS_PRICES_USD[interval]) / monthlyTotal) * 100))
}

export const formatUsd = (cents: number, locale = 'en-US'): string => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100)

export const gib = (mib: number): number => Math.round((mib / 1024) * 10) / 10
