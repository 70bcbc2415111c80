import { z } from 'zod'

import { isPluginLoader } from '../../lib/search/displayType'
import { SearchInputError, type SearchHit } from '../../lib/search/query'
import { parseV2SearchParams } from '../../lib/search/v2Params'
import { invalidInput } from '../api-v2/http/errors'
import { defineRoute } from '../api-v2/http/route'
import { environmentOf } from '../api-v2/serializers/common'
import { loaderNames, searchProjects } from './service'

const SearchHitSchema = z.object({
  project_id: z.string(),
  project_type: z.string(),
  all_project_types: z.array(z.string()),
  slug: z.string(),
  author: z.string(),
  author_id: z.string().nullable(),
  organization: z.string().nullable(),
  organization_id: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  display_categories: z.array(z.string()),
  versions: z.array(z.string()),
  downloads: z.number().int(),
  follows: z.number().int(),
  // labrinth's v2 hit has `icon_url: String` and `latest_version: String` ("" when there is none), as its description says.
  icon_url: z.string(),
  date_created: z.string(),
  date_modified: z.string(),
  latest_version: z.string().describe('The id of the newest listed version, "" when there is none'),
  license: z.string(),
  client_side: z.string(),
  server_side: z.string(),
  environment: z.array(z.string()),
  disclosure_types: z.array(z.string()),
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

type WireHit = z.infer<typeof SearchHitSchema>

/**
 * Every type the project's versions make it (labrinth indexes the types of all versions): a mod that
 * also ships as a data pack or for a plugin platform is those too. `categories` holds the loaders.
 */
function allProjectTypes(hit: SearchHit): string[] {
  const types = [hit.project_type]
  if (hit.project_type !== 'mod') return types
  if (hit.categories.includes('datapack')) types.push('datapack')
  if (hit.categories.some(isPluginLoader)) types.push('plugin')
  return types
}

/**
 * A hit as v2 sends it: plugins and data packs are mods (reference §1.3) while `all_project_types`
 * keeps the real type; `environment` derives from the side types, as a project's does.
 */
const wireHit = (hit: SearchHit): WireHit => ({
  ...hit,
  icon_url: hit.icon_url ?? '',
  latest_version: hit.latest_version ?? '',
  project_type: hit.project_type === 'plugin' || hit.project_type === 'datapack' ? 'mod' : hit.project_type,
  all_project_types: allProjectTypes(hit),
  environment: [environmentOf(hit.client_side, hit.server_side)],
})

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
      return { hits: result.hits.map(wireHit), offset: result.offset, limit: result.limit, total_hits: result.total_hits }
    } catch (err) {
      if (err instanceof SearchInputError) throw invalidInput(err.message)
      throw err
    }
  },
})
