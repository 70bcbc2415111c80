/** Anything with a category tag's name and header (e.g. the `categories` collection's documents). */
export interface CategoryLike {
  name: string
  header: string
}

const PERFORMANCE_IMPACT_ORDER = ['potato', 'low', 'medium', 'high', 'screenshot']

const compareText = (a: string, b: string): number => a.localeCompare(b, 'en')

/** 8 for "8x-", 16 for "16x", 512 for "512x+"; names without a number go last. */
const resolutionSize = (name: string): number => Number(/\d+/.exec(name)?.[0] ?? Number.MAX_SAFE_INTEGER)

/** Unknown impact names go after the known ones. */
const impactRank = (name: string): number => {
  const rank = PERFORMANCE_IMPACT_ORDER.indexOf(name)
  return rank === -1 ? PERFORMANCE_IMPACT_ORDER.length : rank
}

/**
 * Category order (spec §9): by header (alphabetically, as Modrinth does: categories, features,
 * performance impact, resolutions), then resolutions by size and performance impact from potato to screenshot,
 * then by name, which also makes the order total (Modrinth leaves other ties in input order).
 */
export function compareCategories(a: CategoryLike, b: CategoryLike): number {
  const byHeader = compareText(a.header, b.header)
  if (byHeader !== 0) return byHeader
  const byKind =
    a.header === 'resolutions'
      ? resolutionSize(a.name) - resolutionSize(b.name)
      : a.header === 'performance impact'
        ? impactRank(a.name) - impactRank(b.name)
        : 0
  return byKind !== 0 ? byKind : compareText(a.name, b.name)
}

/** A sorted copy; the input is left as it was. */
export const sortCategories = <T extends CategoryLike>(tags: readonly T[]): T[] => [...tags].sort(compareCategories)
