/*
 * The analytics date ranges of spec §2 ("this month, last month, previous 30 days") and a custom one,
 * as inclusive UTC days. Pure: `now` comes in.
 */
export const RANGE_KEYS = ['this-month', 'last-month', 'previous-30-days', 'custom'] as const
export type RangeKey = (typeof RANGE_KEYS)[number]
export const DEFAULT_RANGE: RangeKey = 'previous-30-days'
/** A custom range spans at most this many days (a year and a day: one leap year). */
export const MAX_RANGE_DAYS = 366

export type DayRange = { key: RangeKey; from: string; to: string; days: string[]; error?: 'invalidCustom' | 'tooLong' }

const DAY_MS = 86_400_000
const iso = (t: number) => new Date(t).toISOString().slice(0, 10)
const dayStart = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

function parseDay(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return null
  const t = Date.parse(`${value}T00:00:00Z`)
  return Number.isNaN(t) || iso(t) !== value ? null : t
}

function span(key: RangeKey, from: number, to: number, error?: DayRange['error']): DayRange {
  const days: string[] = []
  for (let t = from; t <= to; t += DAY_MS) days.push(iso(t))
  return { key, from: iso(from), to: iso(to), days, ...(error ? { error } : {}) }
}

export const isRangeKey = (v: unknown): v is RangeKey => typeof v === 'string' && (RANGE_KEYS as readonly string[]).includes(v)

/** The range asked for; a custom one that is unreadable, reversed, in the future or too long falls back with an error. */
export function resolveRange(key: unknown, now: Date, custom: { from?: unknown; to?: unknown } = {}): DayRange {
  const today = dayStart(now)
  const k = isRangeKey(key) ? key : DEFAULT_RANGE
  if (k === 'this-month') return span(k, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1), today)
  if (k === 'last-month') return span(k, Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1), Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  if (k === 'custom') {
    const from = parseDay(custom.from)
    const to = parseDay(custom.to)
    if (from === null || to === null || from > to) return { ...span(DEFAULT_RANGE, today - 29 * DAY_MS, today), error: 'invalidCustom' }
    const end = Math.min(to, today)
    if (from > end) return { ...span(DEFAULT_RANGE, today - 29 * DAY_MS, today), error: 'invalidCustom' }
    if ((end - from) / DAY_MS + 1 > MAX_RANGE_DAYS) return { ...span(DEFAULT_RANGE, today - 29 * DAY_MS, today), error: 'tooLong' }
    return span(k, from, end)
  }
  return span(k, today - 29 * DAY_MS, today)
}
