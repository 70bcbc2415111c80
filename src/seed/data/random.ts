/** Small seeded PRNG (mulberry32) with helpers. Same seed, same sequence, on every platform. */

export interface Rng {
  /** Float in [0, 1). */
  next(): number
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** One element of a non-empty array. */
  pick<T>(arr: readonly T[]): T
  /** Up to n distinct elements (by position), in random order. */
  sample<T>(arr: readonly T[], n: number): T[]
  /** True with probability p. */
  chance(p: number): boolean
  /** A shuffled copy. */
  shuffle<T>(arr: readonly T[]): T[]
  /** Pick by weight: entries are [value, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed)
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const shuffle = <T>(arr: readonly T[]): T[] => {
    const out = arr.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i)
      const tmp = out[i] as T
      out[i] = out[j] as T
      out[j] = tmp
    }
    return out
  }
  return {
    next,
    int,
    pick<T>(arr: readonly T[]): T {
      if (arr.length === 0) throw new Error('rng.pick on empty array')
      return arr[int(0, arr.length - 1)] as T
    },
    sample<T>(arr: readonly T[], n: number): T[] {
      return shuffle(arr).slice(0, Math.max(0, Math.min(n, arr.length)))
    },
    chance: (p: number): boolean => next() < p,
    shuffle,
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((s, [, w]) => s + w, 0)
      let r = next() * total
      for (const [value, w] of entries) {
        r -= w
        if (r < 0) return value
      }
      const last = entries[entries.length - 1]
      if (!last) throw new Error('rng.weighted on empty list')
      return last[0]
    },
  }
}

/** FNV-1a 32-bit hash of a string, for deriving seeds from text. */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** A hue in [0, 360) derived from text; used for icons and the project colour alike. */
export function hueFromText(text: string): number {
  return hashString(text) % 360
}

/** HSL (h in degrees, s and l in 0..1) to an integer 0xRRGGBB. */
export function hslToInt(h: number, s: number, l: number): number {
  const k = (n: number): number => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number): number => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))))
  return (f(0) << 16) | (f(8) << 8) | f(4)
}

/** Integer RGB to "#rrggbb". */
export function intToHex(rgb: number): string {
  return '#' + (rgb >>> 0).toString(16).padStart(6, '0').slice(-6)
}
