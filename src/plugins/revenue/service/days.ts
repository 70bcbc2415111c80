import type { Payload } from 'payload'

import { addDaysTo, daysInMonth, DAY_PATTERN } from '../../../lib/revenue/days'
import { db, sql } from './db'

/** The days of a period (a day or a month) already paid into the ledger. */
export async function computedDaysIn(payload: Payload, period: string): Promise<string[]> {
  const [first, last] = DAY_PATTERN.test(period) ? [period, period] : [`${period}-01`, addDaysTo(`${period}-01`, daysInMonth(period) - 1)]
  const rows = await db(payload).rows<{ day: string }>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM revenue_days WHERE day BETWEEN ${first}::date AND ${last}::date ORDER BY day`)
  return rows.map((r) => r.day)
}

/** The last day paid into the ledger, or null before the first. */
export async function lastComputedDay(payload: Payload): Promise<string | null> {
  const row = await db(payload).one<{ day: string | null }>(sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM revenue_days`)
  return row?.day ?? null
}
