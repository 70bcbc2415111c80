/** Changelog entry URLs carry the entry's day as YYYY-MM-DD (UTC), e.g. /news/changelog/web/2026-11-20. */
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/

const DAY_MS = 86_400_000

/** The UTC day of a stored date, as it appears in URLs. */
export const dateKeyOf = (date: string | Date): string => new Date(date).toISOString().slice(0, 10)

/** The UTC day a URL key names, as [start, end); null when the key is not a real date. */
export function dayRangeOf(key: string): { start: Date; end: Date } | null {
  const m = DATE_KEY.exec(key)
  if (!m) return null
  const start = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  // Date.UTC rolls 2026-02-31 over into March: only keys that round-trip are real days.
  if (Number.isNaN(start.getTime()) || dateKeyOf(start) !== key) return null
  return { start, end: new Date(start.getTime() + DAY_MS) }
}
