import { z } from 'zod'

/**
 * The one search query model: the site's search pages and the v2 API both parse into it, and every
 * engine executes it.
 */
export const SORTS = ['relevance', 'downloads', 'follows', 'newest', 'updated', 'trending'] as const
export type SearchSort = (typeof SORTS)[number]

/** Fields that belong to a project. */
export const PROJECT_FIELDS = ['project_type', 'categories', 'client_side', 'server_side', 'license', 'open_source', 'project_id', 'title', 'author', 'downloads', 'follows', 'date_created', 'date_modified'] as const
/** Fields that belong to a version: filters on them must hold for one and the same version. */
export const VERSION_FIELDS = ['loaders', 'game_versions', 'version_type'] as const
export type FilterField = (typeof PROJECT_FIELDS)[number] | (typeof VERSION_FIELDS)[number]
export const NUMERIC_FIELDS: readonly FilterField[] = ['downloads', 'follows']
export const DATE_FIELDS: readonly FilterField[] = ['date_created', 'date_modified']

export const OPERATORS = ['=', '!=', '>', '>=', '<', '<='] as const
export type Operator = (typeof OPERATORS)[number]

export type Filter = { field: FilterField; op: Operator; value: string }
/** Outer AND of inner OR groups (the v2 facet shape). */
export type FilterGroups = Filter[][]

export type SearchQuery = {
  text: string
  filters: FilterGroups
  sort: SearchSort
  offset: number
  limit: number
  /** Facet counts for the site's filter sidebar (the API does not need them). */
  facets: boolean
}

export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 10

export const isVersionField = (f: FilterField) => (VERSION_FIELDS as readonly string[]).includes(f)

/** Limit: default 10, at most 100 (clamped, as Modrinth does), 0 becomes 1. */
export const clampLimit = (n: number | undefined) => Math.min(MAX_LIMIT, Math.max(1, Math.floor(n ?? DEFAULT_LIMIT)))

export const searchQuerySchema = z.object({
  text: z.string().max(256).default(''),
  filters: z.array(z.array(z.object({ field: z.string(), op: z.enum(OPERATORS), value: z.string().max(256) }))).max(64).default([]),
  sort: z.enum(SORTS).default('relevance'),
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().transform((n) => clampLimit(n)).default(DEFAULT_LIMIT),
  facets: z.boolean().default(false),
})

export type SearchHit = {
  project_id: string
  project_type: string
  slug: string
  author: string
  /** The owner: the team's owner, or the organization's owner for an organization's project. */
  author_id: string | null
  organization: string | null
  organization_id: string | null
  title: string
  description: string
  categories: string[]
  display_categories: string[]
  versions: string[]
  downloads: number
  follows: number
  icon_url: string | null
  date_created: string
  date_modified: string
  /** The id of the newest listed version. */
  latest_version: string | null
  license: string
  client_side: string
  server_side: string
  gallery: string[]
  featured_gallery: string | null
  color: number | null
  /** Modrinth's project disclosures; ours is only `archived`. */
  disclosure_types: string[]
}

export type FacetCounts = Record<'project_type' | 'categories' | 'loaders' | 'game_versions' | 'client_side' | 'server_side' | 'open_source', Record<string, number>>

export type SearchResult = {
  hits: SearchHit[]
  offset: number
  limit: number
  total_hits: number
  facets?: FacetCounts
}

/** A 400 for bad search input: `{"error","description"}` on the wire. */
export class SearchInputError extends Error {
  readonly status = 400
  constructor(description: string) {
    super(description)
    this.name = 'SearchInputError'
  }
}
