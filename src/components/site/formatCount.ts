/**
 * Download and follower counts as the spec shows them (§9): below 10,000 in full with separators,
 * from 10,000 in thousands with one decimal ("12.3k"), from 1,000,000 in millions with two ("1.23M").
 * TODO: move to src/lib/format with its own unit tests when that module exists.
 */
export function formatCount(value: number, locale = 'en-US'): string {
  const n = Number.isFinite(value) ? Math.max(0, value) : 0
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(2)}M`
  if (n >= 10_000) return `${(n / 1_000).toFixed(1)}k`
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n)
}
