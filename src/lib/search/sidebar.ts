import { sortCategories, type CategoryLike } from '../format/categories'
import { PLUGIN_PLATFORM_LOADERS, PLUGIN_PROXY_LOADERS } from './displayType'
import type { SiteSearchState } from './siteQuery'

/**
 * What the filter sidebar of a search page lists, from the tag collections and the facet counts.
 * Pure: the page loads the data, these decide what is shown and in which order.
 */

export type CategoryGroup<T extends CategoryLike> = { header: string; items: T[] }

/** Categories grouped by header, headers and items in the order of spec §9 (`sortCategories`). */
export function categoryGroups<T extends CategoryLike>(categories: readonly T[]): CategoryGroup<T>[] {
  const groups: CategoryGroup<T>[] = []
  for (const tag of sortCategories(categories)) {
    const last = groups[groups.length - 1]
    if (last && last.header === tag.header) last.items.push(tag)
    else groups.push({ header: tag.header, items: [tag] })
  }
  return groups
}

export type LoaderLike = { id: string; supportedProjectTypes?: readonly string[] | null }
export type LoaderGroupKey = 'loaders' | 'platforms' | 'proxies'
export type LoaderGroup<T extends LoaderLike> = { key: LoaderGroupKey; items: T[] }

const PLATFORMS = new Set<string>(PLUGIN_PLATFORM_LOADERS)
const PROXIES = new Set<string>(PLUGIN_PROXY_LOADERS)

/**
 * The loader sections of a type. Plugins: platforms (Bukkit … Sponge) and proxies (BungeeCord,
 * Waterfall, Velocity), each in that familiar order. Mods: the mod loaders, without `datapack` and the
 * plugin loaders (such projects are shown as data packs and plugins, spec §2). Other types: their
 * loaders, alphabetically — and nothing when there is no choice to make (one loader or none).
 */
export function loaderGroups<T extends LoaderLike>(projectType: string, loaders: readonly T[]): LoaderGroup<T>[] {
  const own = loaders.filter((l) => (l.supportedProjectTypes ?? []).includes(projectType)).sort((a, b) => a.id.localeCompare(b.id, 'en'))
  if (projectType === 'plugin') {
    const rank = (id: string, list: readonly string[]) => (list.indexOf(id) === -1 ? list.length : list.indexOf(id))
    const platforms = own.filter((l) => !PROXIES.has(l.id)).sort((a, b) => rank(a.id, PLUGIN_PLATFORM_LOADERS) - rank(b.id, PLUGIN_PLATFORM_LOADERS))
    const proxies = own.filter((l) => PROXIES.has(l.id)).sort((a, b) => rank(a.id, PLUGIN_PROXY_LOADERS) - rank(b.id, PLUGIN_PROXY_LOADERS))
    return [
      { key: 'platforms' as const, items: platforms },
      { key: 'proxies' as const, items: proxies },
    ].filter((g) => g.items.length > 0)
  }
  const items = projectType === 'mod' ? own.filter((l) => l.id !== 'datapack' && !PLATFORMS.has(l.id) && !PROXIES.has(l.id)) : own
  return items.length > 1 ? [{ key: 'loaders', items }] : []
}

export type GameVersionLike = { id: string; versionType: string }

/**
 * Game versions for the sidebar, in the given order (newest first as the collection sorts them):
 * releases, plus snapshots, betas and alphas when they are asked for; only versions some result has,
 * and always the ones the user chose (so they can be turned off again).
 */
export function visibleGameVersions<T extends GameVersionLike>(
  all: readonly T[],
  opts: { showSnapshots: boolean; counts: Record<string, number>; selected: readonly string[] },
): T[] {
  const chosen = new Set(opts.selected)
  return all.filter((v) => chosen.has(v.id) || ((opts.showSnapshots || v.versionType === 'release') && (opts.counts[v.id] ?? 0) > 0))
}

/** Projects that run on a side: required or optional there. */
export const sideCount = (counts: Record<string, number> | undefined): number => (counts?.required ?? 0) + (counts?.optional ?? 0)

/**
 * Loaders and game versions are OR groups: the count next to one of them should say how many
 * results there would be with it added, so it comes from the search without that group. These are
 * the extra searches to run for the counts (null when the group is empty and the main search's
 * counts already say it).
 */
export function facetStates(state: SiteSearchState): { loaders: SiteSearchState | null; gameVersions: SiteSearchState | null } {
  return {
    loaders: state.loaders.length || state.platforms.length ? { ...state, loaders: [], platforms: [], page: 1, perPage: 5 } : null,
    gameVersions: state.gameVersions.length ? { ...state, gameVersions: [], page: 1, perPage: 5 } : null,
  }
}
