/**
 * Billing intervals as fixed day counts (Modrinth's: 5, 30, 90, 365), so a period's length never
 * depends on the calendar and a proration is a plain ratio.
 */
export const INTERVALS = ['monthly', 'quarterly', 'yearly', 'fiveDays'] as const
export type Interval = (typeof INTERVALS)[number]
/** The intervals a person picks for a subscription (the trial's five days is its own product). */
export const RECURRING: readonly Interval[] = ['monthly', 'quarterly', 'yearly']

export const INTERVAL_DAYS: Record<Interval, number> = { monthly: 30, quarterly: 90, yearly: 365, fiveDays: 5 }
const DAY_MS = 86_400_000

export const isInterval = (value: unknown): value is Interval => typeof value === 'string' && (INTERVALS as readonly string[]).includes(value)

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS)
export const periodEnd = (start: Date, interval: Interval): Date => addDays(start, INTERVAL_DAYS[interval])

/** A failed renewal is tried again after 2 days, perks end 2 days after it failed, given up after 30. */
export const RETRY_AFTER_DAYS = 2
export const GRACE_DAYS = 2
export const GIVE_UP_AFTER_DAYS = 30

/**
 * The credit left of a paid period, in minor units, floored: `amount × remaining / duration`.
 * Integer arithmetic in BigInt so no cent is lost to float rounding.
 */
export function unusedCredit(amount: number, periodStart: Date, periodEndAt: Date, now: Date): number {
  const duration = BigInt(Math.max(1, periodEndAt.getTime() - periodStart.getTime()))
  const remaining = BigInt(Math.min(Math.max(0, periodEndAt.getTime() - now.getTime()), Number(duration)))
  return Number((BigInt(amount) * remaining) / duration)
}

/**
 * Switching to a longer interval now: the new period starts today and costs its price less what
 * is left of the one paid for. Never below zero.
 */
export const prorationAmount = (newAmount: number, credit: number): number => Math.max(0, newAmount - credit)

/** Whether a switch from one interval to another is charged now (a longer one) or at renewal. */
export const switchesNow = (from: Interval, to: Interval): boolean => INTERVAL_DAYS[to] > INTERVAL_DAYS[from]
