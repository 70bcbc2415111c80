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

/**
 * A trigram as a Map key: three ASCII characters packed in a small integer (below 2^21), three BMP
 * ones in a larger number (at least 2^32: words hold no NUL), else the string itself.
 */
export type GramKey = number | string

const WORD_CHAR = /[\p{L}\p{N}]/u
const isWordChar = (c: number) => (c < 128 ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) : WORD_CHAR.test(String.fromCodePoint(c)))
const keyOf = (a: number, b: number, c: number): GramKey =>
  (a | b | c) < 128 ? (a << 14) | (b << 7) | c : a < 0x10000 && b < 0x10000 && c < 0x10000 ? a * 2 ** 32 + b * 2 ** 16 + c : String.fromCodePoint(a, b, c)

/** The key of one trigram as `trigrams` makes it. */
export function gramKey(gram: string): GramKey {
  const [a, b, c] = [...gram].map((ch) => ch.codePointAt(0)!)
  return keyOf(a, b, c)
}

/** Code points of the padded word being read (reused, and overwritten rather than emptied: no array per title). */
const padded: number[] = []

/**
 * The keys of `trigrams(text)`, written to the start of `out`; returns how many. The same trigrams,
 * read without making a string per trigram or per word (the index takes those of every title it loads).
 */
export function trigramKeys(text: string, out: GramKey[]): number {
  let count = 0
  const lower = text.toLowerCase()
  let i = 0
  while (i < lower.length) {
    let c = lower.codePointAt(i)!
    if (!isWordChar(c)) {
      i += c > 0xffff ? 2 : 1
      continue
    }
    let n = 0
    padded[n++] = 32
    padded[n++] = 32
    while (i < lower.length && isWordChar((c = lower.codePointAt(i)!))) {
      padded[n++] = c
      i += c > 0xffff ? 2 : 1
    }
    padded[n++] = 32
    next: for (let j = 0; j + 3 <= n; j++) {
      const k = keyOf(padded[j], padded[j + 1], padded[j + 2])
      for (let x = 0; x < count; x++) if (out[x] === k) continue next
      out[count++] = k
    }
  }
  return count
}
