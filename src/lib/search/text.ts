/**
 * A Postgres tsquery string: whole words, and the last one as a prefix since people search as they
 * type (`sodium ext` → `sodium & ext:*`). Letters and digits only, so user input can never be tsquery
 * syntax. Null when there are no words.
 */
export function prefixTsQuery(text: string): string | null {
  const terms = queryTerms(text)
  return terms.length ? terms.map((t) => (t.prefix ? `${t.word}:*` : t.word)).join(' & ') : null
}

/** The words of a query (at most 8), each matched whole except the last, which is a prefix. */
export function queryTerms(text: string): { word: string; prefix: boolean }[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  return words.map((word, i) => ({ word, prefix: i === words.length - 1 }))
}

/** The same tsquery restricted to title words (weight A): `a & b:*` → `a:A & b:*A`. */
export const titleOnly = (tsq: string) =>
  tsq
    .split(' & ')
    .map((t) => (t.includes(':') ? `${t}A` : `${t}:A`))
    .join(' & ')
