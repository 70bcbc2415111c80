import { formatNumber } from '@/lib/format'

/**
 * Download and follower counts as the spec shows them (§9): "9,999", "12.3k", "1.23M". The one implementation
 * is formatNumber (src/lib/format); this name stays for existing callers. Counts below zero or missing show as 0.
 */
export function formatCount(value: number, locale = 'en-US'): string {
  return formatNumber(Number.isFinite(value) ? Math.max(0, value) : 0, locale)
}
