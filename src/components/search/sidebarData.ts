import { categoryGroups, loaderGroups, sideCount, visibleGameVersions } from '@/lib/search/sidebar'
import {
  activeFilters,
  excludeTarget,
  filterMode,
  includeTarget,
  withEnvironment,
  withFilterMode,
  withOpenSource,
  withoutFilters,
  withSnapshots,
  type FilterKind,
} from '@/lib/search/siteFilters'
import { siteSearchHref, type SiteSearchState } from '@/lib/search/siteQuery'
import { tagIconClass } from '@/lib/search/tagIcons'

import type { FilterRow, FilterSection, SidebarData } from './filterRows'
import type { SearchIconName } from '@/components/site/icons'
import type { SearchPageData } from './load'

export type { FilterRow, FilterSection, SidebarData, SidebarText } from './filterRows'

/** The messages the sidebar needs (next-intl's `t` of the `Search` namespace). */
export type SidebarTranslate = (key: string, values?: Record<string, string | number>) => string

const HEADER_KEYS: Record<string, string> = { categories: 'categories', features: 'features', resolutions: 'resolutions', 'performance impact': 'performanceImpact' }
const ENVIRONMENT_TYPES = new Set(['mod', 'modpack'])

/** The sidebar of a search page (see filterRows.ts for what each part is). */
export function sidebarData(
  { projectType, path, state, data, tagLabel }: { projectType: string; path: string; state: SiteSearchState; data: SearchPageData; tagLabel: (name: string) => string },
  t: SidebarTranslate,
): SidebarData {
  const href = (s: SiteSearchState) => siteSearchHref(path, s)
  const facets = data.result.facets

  const row = (kind: FilterKind, value: string, label: string, count: number, icon?: string): FilterRow => {
    const mode = filterMode(state, kind, value)
    return {
      label,
      ...(mode === 'off' ? {} : { mode }),
      count,
      include: href(withFilterMode(state, kind, value, includeTarget(mode))),
      exclude: href(withFilterMode(state, kind, value, excludeTarget(mode))),
      ...(icon ? { icon } : {}),
    }
  }
  const toggle = (label: string, on: boolean, target: SiteSearchState, count: number, glyph: SearchIconName): FilterRow => ({
    label,
    ...(on ? { mode: 'include' as const } : {}),
    count,
    include: href(target),
    glyph,
  })

  const sections: FilterSection[] = []
  for (const group of categoryGroups(data.categories)) {
    const key = HEADER_KEYS[group.header] ?? 'categories'
    sections.push({
      id: `filter-${key}`,
      title: t(`headers.${key}`),
      rows: group.items.map((c) => row('category', c.name, tagLabel(c.name), facets.categories[c.name] ?? 0, tagIconClass('category', c.name))),
    })
  }
  for (const group of loaderGroups(projectType, data.loaders)) {
    sections.push({
      id: `filter-${group.key}`,
      title: t(`loaderGroups.${group.key}`),
      rows: group.items.map((l) => row('loader', l.id, tagLabel(l.id), data.loaderCounts[l.id] ?? 0, tagIconClass('loader', l.id))),
    })
  }
  const versions = visibleGameVersions(data.gameVersions, { showSnapshots: state.showSnapshots, counts: data.gameVersionCounts, selected: [...state.gameVersions, ...state.excludedGameVersions] })
  sections.push({
    id: 'filter-game-versions',
    title: t('gameVersions'),
    rows: versions.map((v) => row('gameVersion', v.id, v.id, data.gameVersionCounts[v.id] ?? 0)),
    scroll: true,
    action: { href: href(withSnapshots(state, !state.showSnapshots)), label: state.showSnapshots ? t('hideSnapshots') : t('showSnapshots') },
    empty: t('noGameVersions'),
  })
  if (ENVIRONMENT_TYPES.has(projectType)) {
    sections.push({
      id: 'filter-environment',
      title: t('environment'),
      rows: (['client', 'server'] as const).map((side) => {
        const on = state.environments.includes(side)
        return toggle(t(side), on, withEnvironment(state, side, !on), sideCount(side === 'client' ? facets.client_side : facets.server_side), side === 'client' ? 'monitor' : 'server')
      }),
    })
  }
  sections.push({
    id: 'filter-license',
    title: t('license'),
    rows: [toggle(t('openSource'), state.openSource, withOpenSource(state, !state.openSource), facets.open_source['true'] ?? 0, 'code')],
  })

  const counts: Record<number, string> = {}
  for (const r of sections.flatMap((s) => s.rows)) counts[r.count] ??= t('resultsCount', { count: r.count })
  return {
    ...(activeFilters(state).length > 0 ? { clear: { href: href(withoutFilters(state)), label: t('clearFilters') } } : {}),
    sections,
    text: { included: t('included'), excluded: t('excluded'), exclude: t('exclude', { label: '{label}' }), unexclude: t('unexclude', { label: '{label}' }), counts },
  }
}
