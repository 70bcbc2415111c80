/**
 * A Postgres tsquery string: whole words, and the last one as a prefix since people search as they
 * type (`sodium ext` → `sodium & ext:*`). Letters and digits only, so user input can never be tsquery
 * syntax. Null when there are no words.
 */
export function prefixTsQuery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  return words.length ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ') : null
}

/** The same tsquery restricted to title words (weight A): `a & b:*` → `a:A & b:*A`. */
export const titleOnly = (tsq: string) =>
  tsq
    .split(' & ')
    .map((t) => (t.includes(':') ? `${t}A` : `${t}:A`))
    .join(' & ')
