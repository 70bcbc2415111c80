import { clampLimit, SORTS, type Filter, type FilterGroups, type SearchQuery, type SearchSort } from './query'

/**
 * The search pages keep their whole state in the URL:
 *   q=text  c=category (repeat; all must match)  x=category to exclude (repeat)
 *   l=loader (repeat; any)  xl=loader to exclude  g=game version (repeat; any)  xg=game version to exclude
 *   p=plugin platform (repeat; any)  e=client|server  os=1 (open source)  id=project id
 *   s=sort  page=1-based page  n=results per page  snapshots=1 (show snapshots in the version list)
 */
export type SiteSearchState = {
  text: string
  categories: string[]
  excludedCategories: string[]
  loaders: string[]
  excludedLoaders: string[]
  gameVersions: string[]
  excludedGameVersions: string[]
  platforms: string[]
  environments: ('client' | 'server')[]
  openSource: boolean
  projectId: string | null
  sort: SearchSort
  page: number
  perPage: number
  showSnapshots: boolean
}

export const PER_PAGE_CHOICES = [5, 10, 15, 20, 50, 100] as const
export const DEFAULT_PER_PAGE = 20

type Params = { getAll(name: string): string[]; get(name: string): string | null }

const list = (p: Params, name: string) => [...new Set(p.getAll(name).map((v) => v.trim()).filter((v) => v.length > 0 && v.length <= 64))].slice(0, 32)

export function parseSiteSearchState(params: Params): SiteSearchState {
  const sort = params.get('s') as SearchSort | null
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  const n = Number.parseInt(params.get('n') ?? '20', 10)
  return {
    text: (params.get('q') ?? '').slice(0, 256),
    categories: list(params, 'c').map((v) => v.toLowerCase()),
    excludedCategories: list(params, 'x').map((v) => v.toLowerCase()),
    loaders: list(params, 'l').map((v) => v.toLowerCase()),
    excludedLoaders: list(params, 'xl').map((v) => v.toLowerCase()),
    gameVersions: list(params, 'g'),
    excludedGameVersions: list(params, 'xg'),
    platforms: list(params, 'p').map((v) => v.toLowerCase()),
    environments: list(params, 'e').filter((v): v is 'client' | 'server' => v === 'client' || v === 'server'),
    openSource: params.get('os') === '1' || params.get('os') === 'true',
    projectId: params.get('id'),
    sort: sort && (SORTS as readonly string[]).includes(sort) ? sort : 'relevance',
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
    perPage: (PER_PAGE_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_PER_PAGE,
    showSnapshots: params.get('snapshots') === '1' || params.get('snapshots') === 'true',
  }
}

const eq = (field: Filter['field'], value: string): Filter => ({ field, op: '=', value })
const neq = (field: Filter['field'], value: string): Filter => ({ field, op: '!=', value })

/** The search query for a search page of `projectType`. */
export function siteStateToQuery(projectType: string, state: SiteSearchState, opts: { facets?: boolean } = {}): SearchQuery {
  const groups: FilterGroups = [[eq('project_type', projectType)]]
  for (const c of state.categories) groups.push([eq('categories', c)])
  for (const c of state.excludedCategories) groups.push([neq('categories', c)])
  const loaders = [...state.loaders, ...state.platforms]
  if (loaders.length) groups.push(loaders.map((l) => eq('loaders', l)))
  for (const l of state.excludedLoaders) groups.push([neq('loaders', l)])
  if (state.gameVersions.length) groups.push(state.gameVersions.map((g) => eq('game_versions', g)))
  for (const g of state.excludedGameVersions) groups.push([neq('game_versions', g)])
  for (const env of state.environments) groups.push([eq(env === 'client' ? 'client_side' : 'server_side', 'required'), eq(env === 'client' ? 'client_side' : 'server_side', 'optional')])
  if (state.openSource) groups.push([eq('open_source', 'true')])
  if (state.projectId) groups.push([eq('project_id', state.projectId)])
  const limit = clampLimit(state.perPage)
  return { text: state.text, filters: groups, sort: state.sort, offset: (state.page - 1) * limit, limit, facets: opts.facets ?? true }
}

/** The state of a search page nobody has touched: no text, no filters, first page. */
export const emptySiteSearchState = (): SiteSearchState => parseSiteSearchState(new URLSearchParams())

/**
 * The URL parameters of a state: the inverse of `parseSiteSearchState`, in a fixed order, leaving out
 * defaults (relevance, page 1, 20 per page) so equal states give equal, short URLs.
 */
export function siteStateToParams(state: SiteSearchState): URLSearchParams {
  const out = new URLSearchParams()
  if (state.text.trim()) out.set('q', state.text)
  const many: [string, string[]][] = [
    ['c', state.categories],
    ['x', state.excludedCategories],
    ['l', state.loaders],
    ['xl', state.excludedLoaders],
    ['g', state.gameVersions],
    ['xg', state.excludedGameVersions],
    ['p', state.platforms],
    ['e', state.environments],
  ]
  for (const [name, values] of many) for (const v of values) out.append(name, v)
  if (state.openSource) out.set('os', '1')
  if (state.projectId) out.set('id', state.projectId)
  if (state.sort !== 'relevance') out.set('s', state.sort)
  if (state.page > 1) out.set('page', String(state.page))
  if (state.perPage !== DEFAULT_PER_PAGE) out.set('n', String(state.perPage))
  if (state.showSnapshots) out.set('snapshots', '1')
  return out
}

/** `path?query` for a state (just `path` when everything is default). */
export function siteSearchHref(path: string, state: SiteSearchState): string {
  const query = siteStateToParams(state).toString()
  return query ? `${path}?${query}` : path
}
