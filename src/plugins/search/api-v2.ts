import { z } from 'zod'

import { SearchInputError, type SearchHit } from '../../lib/search/query'
import { parseV2SearchParams } from '../../lib/search/v2Params'
import { invalidInput } from '../api-v2/http/errors'
import { defineRoute } from '../api-v2/http/route'
import { loaderNames, searchProjects } from './service'

const SearchHitSchema = z.object({
  project_id: z.string(),
  project_type: z.string(),
  slug: z.string(),
  author: z.string(),
  title: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  display_categories: z.array(z.string()),
  versions: z.array(z.string()),
  downloads: z.number().int(),
  follows: z.number().int(),
  icon_url: z.string().nullable(),
  date_created: z.string(),
  date_modified: z.string(),
  latest_version: z.string().nullable(),
  license: z.string(),
  client_side: z.string(),
  server_side: z.string(),
  gallery: z.array(z.string()),
  featured_gallery: z.string().nullable(),
  color: z.number().int().nullable(),
})

const SearchResults = z.object({
  hits: z.array(SearchHitSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  total_hits: z.number().int(),
})

/** v2 reports plugins and data packs as mods (reference §1.3). */
const wireType = (hit: SearchHit): SearchHit => (hit.project_type === 'plugin' || hit.project_type === 'datapack' ? { ...hit, project_type: 'mod' } : hit)

export const searchRoute = defineRoute({
  method: 'GET',
  path: '/search',
  operationId: 'searchProjects',
  tag: 'projects',
  summary: 'Search projects',
  description:
    'Full-text search with facets (JSON string[][]: outer AND, inner OR; operators `:` `=` `!=` `>` `>=` `<` `<=`; `!=` excludes), ' +
    'sorted by `index`: relevance, downloads, follows, newest, updated or trending (downloads in the last 7 days).',
  queryDocs: {
    query: 'The text to search for',
    facets: 'e.g. [["categories:fabric"],["versions:1.21"],["project_type:mod"],["categories!=magic"]]',
    index: 'relevance (default), downloads, follows, newest, updated, trending',
    offset: 'How many hits to skip (default 0)',
    limit: 'How many hits to return (default 10, at most 100)',
  },
  anonymous: true,
  response: SearchResults,
  handler: async ({ request, payload }) => {
    try {
      const query = parseV2SearchParams(new URL(request.url).searchParams, await loaderNames(payload))
      const result = await searchProjects(payload, query)
      return { hits: result.hits.map(wireType), offset: result.offset, limit: result.limit, total_hits: result.total_hits }
    } catch (err) {
      if (err instanceof SearchInputError) throw invalidInput(err.message)
      throw err
    }
  },
})
