import { daysInMonth, MONTH_PATTERN, monthOf, startOfDay } from './days'
import { allocate } from './split'

/**
 * A day's pool: what staff entered for that day, plus its part of what they entered for its month
 * (the month's total spread over its days by the same exact split, so the days of a month add up to
 * the month), plus the creators' share of the day's Plus income.
 */
export type PoolEntry = { period: string; amount: bigint }

export function staffIncomeForDay(day: string, entries: readonly PoolEntry[]): bigint {
  startOfDay(day)
  const month = monthOf(day)
  let daily = 0n
  let monthly = 0n
  for (const e of entries) {
    if (e.amount < 0n) throw new RangeError('a pool entry is negative')
    if (e.period === day) daily += e.amount
    else if (MONTH_PATTERN.test(e.period) && e.period === month) monthly += e.amount
  }
  if (monthly === 0n) return daily
  const perDay = allocate(monthly, Array.from({ length: daysInMonth(month) }, () => 1n))
  return daily + perDay[Number(day.slice(8, 10)) - 1]
}

/**
 * The creators' share of a day's Plus income net of refunds, floored to the micro-unit. A day whose
 * refunds outweigh its sales adds nothing (the pool is never negative).
 */
export function plusShare(netMicro: bigint, percent: number): bigint {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`a share is a whole percentage 0–100: ${percent}`)
  return netMicro <= 0n ? 0n : (netMicro * BigInt(percent)) / 100n
}
