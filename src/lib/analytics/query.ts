import { resolveRange, type DayRange } from './ranges'
import { isMetric, type Metric } from './series'

/** An analytics page's query (`?range=&from=&to=&metric=&view=`), read leniently: bad values fall back. */
export type AnalyticsQuery = { range: DayRange; metric: Metric; view: 'chart' | 'table' }

type Params = Record<string, string | string[] | undefined>
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

export function readAnalyticsQuery(params: Params, now = new Date()): AnalyticsQuery {
  const metric = first(params.metric)
  return {
    range: resolveRange(first(params.range), now, { from: first(params.from), to: first(params.to) }),
    metric: isMetric(metric) ? metric : 'downloads',
    view: first(params.view) === 'table' ? 'table' : 'chart',
  }
}

/** The query string for a page of the same analytics with some parts changed. */
export function analyticsHref(base: string, q: AnalyticsQuery, change: Partial<{ range: string; metric: Metric; view: 'chart' | 'table' }> = {}, extra: Record<string, string> = {}): string {
  const range = change.range ?? q.range.key
  const params = new URLSearchParams({ ...extra, range, metric: change.metric ?? q.metric })
  if (range === 'custom') {
    params.set('from', q.range.from)
    params.set('to', q.range.to)
  }
  const view = change.view ?? q.view
  if (view === 'table') params.set('view', 'table')
  return `${base}?${params}`
}
