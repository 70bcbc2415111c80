import type { SearchSort } from './query'
import { DEFAULT_PER_PAGE, PER_PAGE_CHOICES, type SiteSearchState } from './siteQuery'

/**
 * Moves between search-page states: each filter of the sidebar links to the state it leads to. Pure;
 * every change that alters the results goes back to page 1.
 */

/** Filters a user can include, exclude or leave alone (the tri-state rows of the sidebar). */
export type FilterKind = 'category' | 'loader' | 'gameVersion'
export type FilterMode = 'off' | 'include' | 'exclude'

type ListKey = 'categories' | 'excludedCategories' | 'loaders' | 'excludedLoaders' | 'gameVersions' | 'excludedGameVersions'

const LISTS: Record<FilterKind, readonly [include: ListKey, exclude: ListKey]> = {
  category: ['categories', 'excludedCategories'],
  loader: ['loaders', 'excludedLoaders'],
  gameVersion: ['gameVersions', 'excludedGameVersions'],
}

const normalise = (kind: FilterKind, value: string) => (kind === 'gameVersion' ? value : value.toLowerCase())

/** Whether a value is included, excluded or neither. Plugin platforms (`p`) count as included loaders. */
export function filterMode(state: SiteSearchState, kind: FilterKind, value: string): FilterMode {
  const v = normalise(kind, value)
  const [inc, exc] = LISTS[kind]
  if (state[exc].includes(v)) return 'exclude'
  if (state[inc].includes(v) || (kind === 'loader' && state.platforms.includes(v))) return 'include'
  return 'off'
}

/** The state with a value set to include, exclude or off (never both included and excluded). */
export function withFilterMode(state: SiteSearchState, kind: FilterKind, value: string, mode: FilterMode): SiteSearchState {
  const v = normalise(kind, value)
  const [inc, exc] = LISTS[kind]
  const without = (list: string[]) => list.filter((x) => x !== v)
  const next: SiteSearchState = { ...state, [inc]: without(state[inc]), [exc]: without(state[exc]), page: 1 }
  if (kind === 'loader') next.platforms = without(state.platforms)
  if (mode === 'include') next[inc] = [...next[inc], v]
  if (mode === 'exclude') next[exc] = [...next[exc], v]
  return next
}

/** Where the include action of a row leads: on when it was off or excluded, off when it was on. */
export const includeTarget = (mode: FilterMode): FilterMode => (mode === 'include' ? 'off' : 'include')
/** Where the exclude action of a row leads: excluded, or off when it was excluded already. */
export const excludeTarget = (mode: FilterMode): FilterMode => (mode === 'exclude' ? 'off' : 'exclude')

export function withEnvironment(state: SiteSearchState, env: 'client' | 'server', on: boolean): SiteSearchState {
  const rest = state.environments.filter((e) => e !== env)
  return { ...state, environments: on ? [...rest, env] : rest, page: 1 }
}

export const withOpenSource = (state: SiteSearchState, on: boolean): SiteSearchState => ({ ...state, openSource: on, page: 1 })

export const withSort = (state: SiteSearchState, sort: SearchSort): SiteSearchState => ({ ...state, sort, page: 1 })

export const withText = (state: SiteSearchState, text: string): SiteSearchState => ({ ...state, text, page: 1 })

export const withPage = (state: SiteSearchState, page: number): SiteSearchState => ({ ...state, page: Math.max(1, Math.floor(page)) })

/** Showing snapshots only changes the version list of the sidebar, not the results. */
export const withSnapshots = (state: SiteSearchState, on: boolean): SiteSearchState => ({ ...state, showSnapshots: on })

/** A new page size, on the page that holds the first result the user was looking at. */
export function withPerPage(state: SiteSearchState, perPage: number): SiteSearchState {
  const n = (PER_PAGE_CHOICES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE
  const firstIndex = (state.page - 1) * state.perPage
  return { ...state, perPage: n, page: Math.floor(firstIndex / n) + 1 }
}

/** Every filter off; the text, sort, page size and the snapshots toggle stay. */
export const withoutFilters = (state: SiteSearchState): SiteSearchState => ({
  ...state,
  categories: [],
  excludedCategories: [],
  loaders: [],
  excludedLoaders: [],
  gameVersions: [],
  excludedGameVersions: [],
  platforms: [],
  environments: [],
  openSource: false,
  projectId: null,
  page: 1,
})

/** One chip of the "active filters" row; removing it leads to `without`. */
export type ActiveFilter =
  | { kind: FilterKind; value: string; mode: Exclude<FilterMode, 'off'>; without: SiteSearchState }
  | { kind: 'environment'; value: 'client' | 'server'; mode: 'include'; without: SiteSearchState }
  | { kind: 'openSource'; value: 'true'; mode: 'include'; without: SiteSearchState }
  | { kind: 'projectId'; value: string; mode: 'include'; without: SiteSearchState }

/** The filters in effect, in URL order. */
export function activeFilters(state: SiteSearchState): ActiveFilter[] {
  const out: ActiveFilter[] = []
  for (const kind of ['category', 'loader', 'gameVersion'] as const) {
    const [inc, exc] = LISTS[kind]
    const included = kind === 'loader' ? [...new Set([...state[inc], ...state.platforms])] : state[inc]
    for (const value of included) out.push({ kind, value, mode: 'include', without: withFilterMode(state, kind, value, 'off') })
    for (const value of state[exc]) out.push({ kind, value, mode: 'exclude', without: withFilterMode(state, kind, value, 'off') })
  }
  for (const env of state.environments) out.push({ kind: 'environment', value: env, mode: 'include', without: withEnvironment(state, env, false) })
  if (state.openSource) out.push({ kind: 'openSource', value: 'true', mode: 'include', without: withOpenSource(state, false) })
  if (state.projectId) out.push({ kind: 'projectId', value: state.projectId, mode: 'include', without: { ...state, projectId: null, page: 1 } })
  return out
}
