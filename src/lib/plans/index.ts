/**
 * The premium plan's and the hosting plans' prices (issue 16: the landing pages; purchase comes with
 * billing and hosting). Prices are integer cents in USD, so sums and savings are exact.
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

export type ServerPlan = { key: 'small' | 'medium' | 'large'; ramMiB: number; cpus: number; storageGiB: number; priceUsd: number; players: string }
export const SERVER_PLANS: readonly ServerPlan[] = [
  { key: 'small', ramMiB: 4096, cpus: 2, storageGiB: 32, priceUsd: 500, players: '1–4' },
  { key: 'medium', ramMiB: 6144, cpus: 3, storageGiB: 48, priceUsd: 900, players: '4–8' },
  { key: 'large', ramMiB: 8192, cpus: 4, storageGiB: 64, priceUsd: 1200, players: '8–16' },
]
export const SERVER_REGIONS = ['us-east', 'us-west', 'eu-central', 'ap-southeast'] as const

export const gib = (mib: number): number => Math.round((mib / 1024) * 10) / 10
