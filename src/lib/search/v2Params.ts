import { z } from 'zod'

import { parseFacets } from './facets'
import { clampLimit, SearchInputError, type Filter, type FilterGroups, type SearchQuery, type SearchSort } from './query'

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

const count = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `Invalid ${name}: expected a non-negative integer`)
    .transform(Number)
    .refine((n) => n <= max, `Invalid ${name}: at most ${max}`)

const paramsSchema = z.object({
  query: z.string().max(256, 'Invalid query: at most 256 characters').default(''),
  facets: z.string().max(8192, 'Invalid facets: too long').optional(),
  index: z
    .string()
    .default('relevance')
    .superRefine((i, ctx) => {
      if (!(i in INDEXES))
        ctx.addIssue({ code: 'custom', message: `invalid index: ${JSON.stringify(i.slice(0, 32))} (expected relevance, downloads, follows, newest, updated or trending)` })
    }),
  offset: count('offset', 100_000).default(0),
  // Limits above 100 are clamped, as Modrinth does.
  limit: count('limit', Number.MAX_SAFE_INTEGER).default(10),
})

/** `GET /v2/search` parameters (query, facets, index, offset, limit) as the search model. */
export function parseV2SearchParams(params: URLSearchParams, loaderNames: ReadonlySet<string>): SearchQuery {
  const raw = Object.fromEntries(['query', 'facets', 'index', 'offset', 'limit'].flatMap((k) => (params.get(k) === null || params.get(k) === '' ? [] : [[k, params.get(k)!]])))
  const parsed = paramsSchema.safeParse(raw)
  if (!parsed.success) throw new SearchInputError(parsed.error.issues[0].message)
  const p = parsed.data
  return { text: p.query, filters: widenV2ProjectTypes(parseFacets(p.facets, loaderNames)), sort: INDEXES[p.index], offset: p.offset, limit: clampLimit(p.limit), facets: false }
}

/** v2 reports plugins and data packs as mods, so its `project_type:mod` must find them too. */
const V2_MOD_TYPES = ['mod', 'plugin', 'datapack']
export function widenV2ProjectTypes(groups: FilterGroups): FilterGroups {
  const out: FilterGroups = []
  for (const group of groups) {
    const isMod = (f: Filter) => f.field === 'project_type' && f.value === 'mod'
    out.push(group.flatMap((f) => (isMod(f) && f.op === '=' ? V2_MOD_TYPES.map((value) => ({ ...f, value })) : [f])))
    // "not a mod" on the wire means none of the three; each is its own AND group.
    if (group.length === 1 && isMod(group[0]) && group[0].op === '!=') out.push(...V2_MOD_TYPES.slice(1).map((value) => [{ ...group[0], value }]))
  }
  return out
}
