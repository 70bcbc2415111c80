/**
 * Counts as the spec shows them (§9), e.g. downloads and followers.
 *
 * Decisions: counts are whole numbers, so the value is rounded to an integer first; the shortened forms keep
 * their fixed decimals exactly as the spec words it and as Modrinth prints them ("10.0k", "1.00M", not "10k");
 * rounding is half-up (Modrinth rounds too), and a value that would round up to "1000.0k" is shown as "1.00M".
 * Decimals come from integer arithmetic so halves round the way a reader expects (12,350 → "12.4k").
 */
export function formatNumber(value: number, locale = 'en-US'): string {
  const n = Number.isFinite(value) ? Math.round(Math.abs(value)) : 0
  const sign = value < 0 && n > 0 ? '-' : ''
  const tenthsOfThousands = Math.round(n / 100)
  if (n >= 1_000_000 || tenthsOfThousands >= 10_000) return `${sign}${fixed(Math.round(n / 10_000) / 100, 2, locale)}M`
  if (n >= 10_000) return `${sign}${fixed(tenthsOfThousands / 10, 1, locale)}k`
  return `${sign}${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n)}`
}

const fixed = (value: number, digits: number, locale: string): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)

const COMPACT_UNITS = ['', 'K', 'M', 'G', 'T'] as const

/**
 * Compact numbers with K, M, G, T (spec §9), for tight spots such as chart axes and server stats:
 * at most one decimal, a trailing ".0" dropped ("1.5K", "2M", "999"); a value that would round to 1000 of one
 * unit moves to the next ("999,960" → "1M"); beyond T the number grows ("1,500T").
 */
export function formatCompact(value: number, locale = 'en-US'): string {
  const n = Number.isFinite(value) ? Math.abs(value) : 0
  let exponent = 0
  while (exponent < COMPACT_UNITS.length - 1 && n >= 1000 ** (exponent + 1)) exponent++
  let tenths = Math.round((n * 10) / 1000 ** exponent)
  if (tenths >= 10_000 && exponent < COMPACT_UNITS.length - 1) {
    exponent++
    tenths = Math.round((n * 10) / 1000 ** exponent)
  }
  const sign = value < 0 && tenths > 0 ? '-' : ''
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(tenths / 10)
  return `${sign}${number}${COMPACT_UNITS[exponent]}`
}
