import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { cacheTags, publicRead } from '@/lib/cache'
import { env } from '@/lib/env'
import type { FacetCounts, SearchHit, SearchResult } from '@/lib/search/query'
import { facetStates } from '@/lib/search/sidebar'
import { siteStateToQuery, type SiteSearchState } from '@/lib/search/siteQuery'
import { searchProjects } from '@/plugins/search/service'

// Icons are not read here: the page links them as one stylesheet (src/app/tag-icons.css).
export type CategoryTag = { name: string; header: string }
export type LoaderTag = { id: string; supportedProjectTypes: string[] }
export type GameVersionTag = { id: string; versionType: string }

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

/** Tags are public: read as an anonymous visitor would, through access control, and kept until a tag changes. */
async function loadTags(payload: Payload, projectType: string) {
  const tags = await publicRead(`search:tags:${projectType}`, async () => ({ value: await readTags(payload, projectType), tags: [cacheTags.tags] }))
  return tags!
}

async function readTags(payload: Payload, projectType: string) {
  const read = { pagination: false, depth: 0, overrideAccess: false } as const
  const [categories, loaders, gameVersions] = await Promise.all([
    payload.find({ collection: 'categories', where: { projectType: { equals: projectType } }, select: { name: true, header: true }, ...read }),
    payload.find({ collection: 'loaders', select: { supportedProjectTypes: true }, ...read }),
    payload.find({ collection: 'game-versions', sort: '-date', select: { versionType: true }, ...read }),
  ])
  return {
    categories: categories.docs.map((c) => ({ name: c.name, header: c.header })),
    loaders: loaders.docs.map((l) => ({ id: l.id, supportedProjectTypes: l.supportedProjectTypes ?? [] })),
    gameVersions: gameVersions.docs.map((g) => ({ id: g.id, versionType: g.versionType })),
  }
}

/**
 * Everything a search page shows: the results with facet counts, the extra counts for the OR groups,
 * and the tag vocabularies. Null when the database or the search engine cannot answer.
 */
export async function loadSearchPage(projectType: string, state: SiteSearchState): Promise<SearchPageData | null> {
  try {
    const payload = await getPayload({ config })
    const extra = facetStates(state)
    const [result, loaderFacets, versionFacets, tags] = await Promise.all([
      searchProjects(payload, siteStateToQuery(projectType, state, { facets: true })),
      facetsOf(payload, projectType, extra.loaders),
      facetsOf(payload, projectType, extra.gameVersions),
      loadTags(payload, projectType),
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
