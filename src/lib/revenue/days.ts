/**
 * Revenue days are UTC calendar days written `YYYY-MM-DD`, like the analytics counts
 * (src/lib/analytics/window.ts `countDay`). Pure date arithmetic on UTC midnights.
 */
const DAY_MS = 86_400_000
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export const MONTH_PATTERN = /^\d{4}-\d{2}$/

/** Midnight UTC at the start of `day`; RangeError for anything but a real `YYYY-MM-DD` date. */
export function startOfDay(day: string): Date {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`not a day: ${day}`)
  const date = new Date(`${day}T00:00:00.000Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw new RangeError(`not a day: ${day}`)
  return date
}

export const isDay = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  try {
    startOfDay(value)
    return true
  } catch {
    return false
  }
}

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10)
export const addDaysTo = (day: string, days: number): string => dayOf(new Date(startOfDay(day).getTime() + days * DAY_MS))
export const monthOf = (day: string): string => day.slice(0, 7)

/** How many days `month` (`YYYY-MM`) has. */
export function daysInMonth(month: string): number {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`not a month: ${month}`)
  const [y, m] = month.split('-').map(Number)
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/** Midnight UTC when `day`'s month is over (the first of the next month). */
export function endOfMonth(day: string): Date {
  const start = startOfDay(day)
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
}

/**
 * A day is closed — its counts final enough to pay by — once it ended `closeHours` ago (time for
 * late counts, staff's entry of the day's ad income, and payments confirmed after midnight).
 */
export function isClosed(day: string, now: Date, closeHours: number): boolean {
  return startOfDay(day).getTime() + DAY_MS + closeHours * 3_600_000 <= now.getTime()
}

/** The last day closed at `now`. */
export function lastClosedDay(now: Date, closeHours: number): string {
  return dayOf(new Date(now.getTime() - DAY_MS - closeHours * 3_600_000))
}
