/**
 * The staff reports queue's filters (issue 34 item 5): open or closed, by item type and reason,
 * oldest or newest first, and a search. Pure: parsed from the page's query; the read is
 * src/lib/data/reports.ts.
 */
import { REPORT_ITEM_TYPES, type ReportItemType } from './rules'

export const REPORT_SORTS = ['oldest', 'newest'] as const
export type ReportSort = (typeof REPORT_SORTS)[number]

export type ReportQuery = { closed: boolean; itemType: ReportItemType | null; reason: string | null; sort: ReportSort; q: string }

type Params = Record<string, string | string[] | undefined>
const one = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? '').trim()

/** The queue's query from the page's search params; anything unknown is ignored, not an error. */
export function parseReportQuery(params: Params, reasons: readonly string[]): ReportQuery {
  const itemType = one(params.type)
  const reason = one(params.reason)
  const sort = one(params.sort)
  return {
    closed: one(params.show) === 'closed',
    itemType: (REPORT_ITEM_TYPES as readonly string[]).includes(itemType) ? (itemType as ReportItemType) : null,
    reason: reasons.includes(reason) ? reason : null,
    sort: (REPORT_SORTS as readonly string[]).includes(sort) ? (sort as ReportSort) : 'oldest',
    q: one(params.q).slice(0, 100),
  }
}

/** The query as the page's own address keeps it (defaults left out), e.g. for the open/closed tabs. */
export function reportQueryHref(query: ReportQuery, change: Partial<ReportQuery> = {}): string {
  const next = { ...query, ...change }
  const params = new URLSearchParams()
  if (next.closed) params.set('show', 'closed')
  if (next.itemType) params.set('type', next.itemType)
  if (next.reason) params.set('reason', next.reason)
  if (next.sort !== 'oldest') params.set('sort', next.sort)
  if (next.q) params.set('q', next.q)
  const s = params.toString()
  return s ? `/moderation/reports?${s}` : '/moderation/reports'
}
