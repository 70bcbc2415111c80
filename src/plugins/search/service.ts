import type { Payload } from 'payload'

import type { SearchQuery, SearchResult } from '../../lib/search/query'
import { searchEngineOf } from './engines'

let loaderCache: { at: number; names: Set<string> } | null = null

/** Loader names, to read `categories:fabric` facets as loader filters (cached for a minute). */
export async function loaderNames(payload: Payload): Promise<Set<string>> {
  if (loaderCache && Date.now() - loaderCache.at < 60_000) return loaderCache.names
  const loaders = await payload.find({ collection: 'loaders', pagination: false, depth: 0, overrideAccess: true, select: {} })
  loaderCache = { at: Date.now(), names: new Set(loaders.docs.map((l) => String(l.id))) }
  return loaderCache.names
}

/** Runs a search on the configured engine. Used by the site's search pages and by `/v2/search`. */
export const searchProjects = (payload: Payload, query: SearchQuery): Promise<SearchResult> => searchEngineOf(payload).search(query)
