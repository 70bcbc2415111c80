/**
 * The live search sample on the home page (spec §9 "Home search sample limit 3"): what it asks the
 * public API and how its answer is read. Pure; the component is src/components/site/home/HomeSearch.tsx.
 */
import type { SearchHit } from './query'
import { projectPath } from './displayType'

export const HOME_SEARCH_LIMIT = 3
/** Wait for a pause in typing before asking (one request per pause, not per key). */
export const HOME_SEARCH_DEBOUNCE_MS = 250
/** Where the field leads on Enter (and without JavaScript): the mod search page and its `q` parameter. */
export const HOME_SEARCH_PAGE = '/mods'
export const HOME_SEARCH_PARAM = 'q'

/** The sample searches the same projects the search page shows. */
const FACETS = JSON.stringify([['project_type:mod']])

export function homeSampleUrl(query: string): string {
  const params = new URLSearchParams({ query: query.trim(), limit: String(HOME_SEARCH_LIMIT), facets: FACETS })
  return `/v2/search?${params}`
}

export function homeSearchHref(query: string): string {
  const q = query.trim()
  return q ? `${HOME_SEARCH_PAGE}?${new URLSearchParams({ [HOME_SEARCH_PARAM]: q })}` : HOME_SEARCH_PAGE
}

export type SampleHit = { id: string; title: string; author: string; iconUrl: string | null; href: string }

/** The hits of a /v2/search answer, at most the sample's limit; anything malformed is skipped. */
export function parseSampleHits(body: unknown): SampleHit[] {
  const hits = typeof body === 'object' && body !== null ? (body as { hits?: unknown }).hits : undefined
  if (!Array.isArray(hits)) return []
  return hits
    .filter((h): h is SearchHit => typeof h === 'object' && h !== null && typeof h.project_id === 'string' && typeof h.slug === 'string' && typeof h.title === 'string')
    .slice(0, HOME_SEARCH_LIMIT)
    .map((h) => ({
      id: h.project_id,
      title: h.title,
      author: typeof h.author === 'string' ? h.author : '',
      iconUrl: typeof h.icon_url === 'string' && h.icon_url ? h.icon_url : null,
      href: projectPath(typeof h.project_type === 'string' ? h.project_type : 'mod', Array.isArray(h.categories) ? h.categories : [], h.slug),
    }))
}
