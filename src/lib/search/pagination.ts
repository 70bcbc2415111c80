/** Page links of a result list: first, last, the current page with its neighbours, gaps between. Pure. */

export type PageItem = number | 'gap'

/** How many pages `total` results fill at `perPage` a page (at least one, so "page 1 of 1" holds for none). */
export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)))

/**
 * E.g. current 6 of 20 → [1, 'gap', 5, 6, 7, 'gap', 20]. A gap that would hide a single page shows
 * that page instead (1, 2, 3 rather than 1, …, 3), so the list never hides exactly one number.
 */
export function paginationItems(current: number, last: number, siblings = 1): PageItem[] {
  if (last <= 1) return [1]
  const page = Math.min(Math.max(1, Math.floor(current)), last)
  const shown = new Set<number>([1, last])
  for (let p = page - siblings; p <= page + siblings; p++) if (p >= 1 && p <= last) shown.add(p)
  const sorted = [...shown].sort((a, b) => a - b)
  const out: PageItem[] = []
  for (const p of sorted) {
    const prev = out.length ? (out[out.length - 1] as number) : 0
    if (prev && p - prev === 2) out.push(prev + 1)
    else if (prev && p - prev > 2) out.push('gap')
    out.push(p)
  }
  return out
}
