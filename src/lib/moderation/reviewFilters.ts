import { SEVERITIES, type Severity } from '../files/scanner'
import { FLAG_SEVERITY, REVIEW_SORTS, REVIEW_STATES, type ReviewSort, type ReviewState } from './technicalReview'

type Params = Record<string, string | string[] | undefined>
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''
const pick = <T extends string>(list: readonly T[], value: string, fallback: T): T => ((list as readonly string[]).includes(value) ? (value as T) : fallback)

/** The technical review's filters from the query string; anything unknown falls back to the default. */
export function reviewFilters(params: Params): { minSeverity: Severity; state: ReviewState; sort: ReviewSort; q: string } {
  return {
    minSeverity: pick(SEVERITIES, one(params.severity), FLAG_SEVERITY),
    state: pick(REVIEW_STATES, one(params.state), 'pending'),
    sort: pick(REVIEW_SORTS, one(params.sort), 'severity'),
    q: one(params.q).slice(0, 100),
  }
}
