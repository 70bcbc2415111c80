import { parseFacets } from './facets'
import { clampLimit, SearchInputError, type SearchQuery, type SearchSort } from './query'

const INDEXES: Record<string, SearchSort> = {
  relevance: 'relevance',
  downloads: 'downloads',
  follows: 'follows',
  newest: 'newest',
  date_created: 'newest',
  updated: 'updated',
  date_modified: 'updated',
  trending: 'trending',
}

const int = (name: string, raw: string | null, fallback: number) => {
  if (raw == null || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw new SearchInputError(`Invalid ${name}: expected a non-negative integer, got ${JSON.stringify(raw.slice(0, 32))}`)
  return Number(raw)
}

/** `GET /v2/search` parameters (query, facets, index, offset, limit) as the search model. */
export function parseV2SearchParams(params: URLSearchParams, loaderNames: ReadonlySet<string>): SearchQuery {
  const index = params.get('index') ?? 'relevance'
  const sort = INDEXES[index]
  if (!sort) throw new SearchInputError(`invalid index: ${JSON.stringify(index.slice(0, 32))} (expected relevance, downloads, follows, newest, updated or trending)`)
  const offset = int('offset', params.get('offset'), 0)
  if (offset > 100_000) throw new SearchInputError('Invalid offset: at most 100000')
  const query = params.get('query') ?? ''
  if (query.length > 256) throw new SearchInputError('Invalid query: at most 256 characters')
  return {
    text: query,
    filters: parseFacets(params.get('facets'), loaderNames),
    sort,
    offset,
    // Limits above 100 are clamped, as Modrinth does.
    limit: clampLimit(int('limit', params.get('limit'), 10)),
    facets: false,
  }
}
