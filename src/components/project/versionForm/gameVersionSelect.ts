/** Pure logic of the game version multi-select (kept apart from React so it is unit-tested). */

export type GameVersionOption = { version: string; versionType: string }

/**
 * The options the list shows, in the given order (newest first): releases, plus every other type when
 * `showAll` is on, plus anything already chosen (so a chosen snapshot can still be seen and removed);
 * narrowed to those containing `query` (case-insensitive, trimmed).
 */
export function visibleOptions(all: readonly GameVersionOption[], query: string, showAll: boolean, chosen: readonly string[]): GameVersionOption[] {
  const needle = query.trim().toLowerCase()
  const picked = new Set(chosen)
  return all.filter((o) => (showAll || o.versionType === 'release' || picked.has(o.version)) && (!needle || o.version.toLowerCase().includes(needle)))
}

/** Where the active option goes when the filter changes: an exact match if there is one, else the first. */
export function firstActive(options: readonly GameVersionOption[], query: string): number {
  if (!options.length) return -1
  const exact = options.findIndex((o) => o.version.toLowerCase() === query.trim().toLowerCase())
  return exact >= 0 ? exact : 0
}

/** Every version of `list` between `a` and `b`, both included, whichever comes first; [] if either is unknown. */
export function rangeBetween(list: readonly string[], a: string, b: string): string[] {
  const i = list.indexOf(a)
  const j = list.indexOf(b)
  if (i < 0 || j < 0) return []
  return list.slice(Math.min(i, j), Math.max(i, j) + 1)
}

/**
 * `chosen` in the order of `all` (newest first, as chips and the stored list read best); values `all`
 * does not know (a tag removed since) are kept at the end rather than silently dropped. No duplicates.
 */
export function ordered(all: readonly GameVersionOption[], chosen: Iterable<string>): string[] {
  const set = new Set(chosen)
  const known = all.map((o) => o.version).filter((v) => set.has(v))
  const knownSet = new Set(known)
  return [...known, ...[...set].filter((v) => !knownSet.has(v))]
}

/** `chosen` with `version` switched on or off. */
export const toggled = (all: readonly GameVersionOption[], chosen: readonly string[], version: string): string[] =>
  chosen.includes(version) ? chosen.filter((v) => v !== version) : ordered(all, [...chosen, version])

/** `chosen` plus every version in `range`. */
export const withRange = (all: readonly GameVersionOption[], chosen: readonly string[], range: readonly string[]): string[] => ordered(all, [...chosen, ...range])

/** The next active index for a key, clamped to the list (no wrap: the ends are where a reader expects them). */
export function moveActive(current: number, length: number, key: 'ArrowDown' | 'ArrowUp' | 'PageDown' | 'PageUp' | 'Home' | 'End'): number {
  if (!length) return -1
  const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10, Home: -length, End: length }[key]
  if (current < 0) return step > 0 ? 0 : length - 1
  return Math.min(length - 1, Math.max(0, current + step))
}
