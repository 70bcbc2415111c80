import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { keptSearchPage } from '@/lib/data/searchPage'
import { searchTags, type CategoryTag, type GameVersionTag, type LoaderTag } from '@/lib/data/searchTags'
import { env } from '@/lib/env'
import type { FacetCounts, SearchHit, SearchResult } from '@/lib/search/query'
import { facetStates } from '@/lib/search/sidebar'
import { siteStateToQuery, type SiteSearchState } from '@/lib/search/siteQuery'
import { searchProjects } from '@/plugins/search/service'

export type SearchPageData = {
  result: SearchResult & { facets: FacetCounts }
  /** Loader counts without the user's loader choice (an OR group counts against the others). */
  loaderCounts: Record<string, number>
  gameVersionCounts: Record<string, number>
  categories: CategoryTag[]
  loaders: LoaderTag[]
  gameVersions: GameVersionTag[]
}

const EMPTY_FACETS: FacetCounts = { project_type: {}, categories: {}, loaders: {}, game_versions: {}, client_side: {}, server_side: {}, open_source: {} }

/** Payload makes upload URLs absolute with SITE_URL; our own files are linked root-relative so any host works. */
function siteRelative(url: string | null): string | null {
  if (!url) return null
  const origin = env.siteUrl()
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url
}

const relativeUrls = (hit: SearchHit): SearchHit => ({
  ...hit,
  icon_url: siteRelative(hit.icon_url),
  featured_gallery: siteRelative(hit.featured_gallery),
  gallery: hit.gallery.map((g) => siteRelative(g) ?? g),
})

async function facetsOf(payload: Payload, projectType: string, state: SiteSearchState | null): Promise<FacetCounts | null> {
  if (!state) return null
  return (await searchProjects(payload, siteStateToQuery(projectType, state, { facets: true }))).facets ?? null
}

/**
 * Everything a search page shows: the results with facet counts, the extra counts for the OR groups,
 * and the tag vocabularies. Null when the database or the search engine cannot answer. Kept until
 * the search index changes (src/lib/data/searchPage.ts).
 */
export const loadSearchPage = (projectType: string, state: SiteSearchState): Promise<SearchPageData | null> =>
  keptSearchPage(projectType, state, () => readSearchPage(projectType, state))

async function readSearchPage(projectType: string, state: SiteSearchState): Promise<SearchPageData | null> {
  try {
    const payload = await getPayload({ config })
    const extra = facetStates(state)
    const [result, loaderFacets, versionFacets, tags] = await Promise.all([
      searchProjects(payload, siteStateToQuery(projectType, state, { facets: true })),
      facetsOf(payload, projectType, extra.loaders),
      facetsOf(payload, projectType, extra.gameVersions),
      searchTags(payload, projectType),
    ])
    const facets = result.facets ?? EMPTY_FACETS
    return {
      result: { ...result, hits: result.hits.map(relativeUrls), facets },
      loaderCounts: (loaderFacets ?? facets).loaders,
      gameVersionCounts: (versionFacets ?? facets).game_versions,
      ...tags,
    }
  } catch (error) {
    console.error(`Search page (${projectType}): could not load results`, error)
    return null
  }
}
