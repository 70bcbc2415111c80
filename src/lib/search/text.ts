/**
 * A Postgres tsquery string for prefix matching of every word (`sod ext` → `sod:* & ext:*`), from
 * letters and digits only so user input can never be tsquery syntax. Null when there are no words.
 */
export function prefixTsQuery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null
}
