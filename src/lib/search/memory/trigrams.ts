/**
 * The trigrams of a text as Postgres's pg_trgm makes them: lower-cased words of letters and digits,
 * each padded with two spaces before and one after, every run of three characters, each kept once.
 */
export function trigrams(text: string): string[] {
  const out = new Set<string>()
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...`  ${word} `]
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i] + chars[i + 1] + chars[i + 2])
  }
  return [...out]
}

/** pg_trgm's default threshold for `%`. */
export const SIMILARITY_THRESHOLD = 0.3

/** pg_trgm's similarity from the shared and the two sets' sizes, in single precision as it computes it. */
export const similarity = (shared: number, a: number, b: number) => (a === 0 || b === 0 ? 0 : Math.fround(shared / (a + b - shared)))
