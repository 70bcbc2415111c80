import { endOfMonth } from './days'

/**
 * When a day's revenue becomes available to withdraw: at the end of its month plus a hold
 * (REVENUE_HOLD_DAYS, default 60) — time for ad networks to pay and for chargebacks and fraud to
 * surface. Revenue earned on 14 January with the default hold is available from 2 April 00:00 UTC
 * (31 January's end + 60 days). Modrinth dates it one day earlier (the first of the next month
 * + 59 days); ours is the end of the month plus exactly the hold, so a hold of 0 releases the
 * month as soon as it closes.
 */
export const DEFAULT_HOLD_DAYS = 60

export function availableAt(day: string, holdDays: number = DEFAULT_HOLD_DAYS): Date {
  if (!Number.isInteger(holdDays) || holdDays < 0) throw new RangeError(`the hold is a whole number of days: ${holdDays}`)
  return new Date(endOfMonth(day).getTime() + holdDays * 86_400_000)
}
