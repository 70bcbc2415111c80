import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

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

import { FilterOption } from './FilterOption'
import { SearchIcon, type SearchIconName } from './icons'
import type { SearchPageData } from './load'

type Props = { projectType: string; path: string; state: SiteSearchState; data: SearchPageData; tagLabel: (name: string) => string }

const HEADER_KEYS = { categories: 'categories', features: 'features', resolutions: 'resolutions', 'performance impact': 'performanceImpact' } as const
const ENVIRONMENT_TYPES = new Set(['mod', 'modpack'])

function Section({ id, title, children, action, scroll }: { id: string; title: string; children: ReactNode; action?: ReactNode; scroll?: boolean }) {
  return (
    <details className="filter-section" open>
      <summary className="filter-section__summary" id={`${id}-title`}>
        <span className="filter-section__title">{title}</span>
      </summary>
      <ul className={scroll ? 'filter-section__list filter-section__list--scroll' : 'filter-section__list'} aria-labelledby={`${id}-title`}>
        {children}
      </ul>
      {action}
    </details>
  )
}

const TagGlyph = ({ className }: { className: string }) => <span className={`tag-icon ${className}`} aria-hidden="true" />
const Glyph = ({ name }: { name: SearchIconName }) => <SearchIcon name={name} size={16} className="filter-option__glyph" />

/** The filter sidebar: tri-state categories, loaders and game versions; environment and license toggles. */
export async function FilterSidebar({ projectType, path, state, data, tagLabel }: Props) {
  const t = await getTranslations('Search')
  const href = (s: SiteSearchState) => siteSearchHref(path, s)
  const facets = data.result.facets

  const row = (kind: FilterKind, value: string, label: string, count: number | undefined, icon?: ReactNode) => {
    const mode = filterMode(state, kind, value)
    return (
      <FilterOption
        key={`${kind}:${value}`}
        label={label}
        icon={icon}
        mode={mode}
        count={count}
        includeHref={href(withFilterMode(state, kind, value, includeTarget(mode)))}
        excludeHref={href(withFilterMode(state, kind, value, excludeTarget(mode)))}
        text={{
          included: t('included'),
          excluded: t('excluded'),
          count: t('resultsCount', { count: count ?? 0 }),
          exclude: t('exclude', { label }),
          unexclude: t('unexclude', { label }),
        }}
      />
    )
  }

  const toggle = (key: string, label: string, on: boolean, target: SiteSearchState, count: number, icon: SearchIconName) => (
    <FilterOption
      key={key}
      label={label}
      icon={<Glyph name={icon} />}
      mode={on ? 'include' : 'off'}
      count={count}
      includeHref={href(target)}
      text={{ included: t('included'), excluded: t('excluded'), count: t('resultsCount', { count }), exclude: '', unexclude: '' }}
    />
  )

  const versions = visibleGameVersions(data.gameVersions, { showSnapshots: state.showSnapshots, counts: data.gameVersionCounts, selected: [...state.gameVersions, ...state.excludedGameVersions] })
  const hasFilters = activeFilters(state).length > 0
  const hasEnvironment = ENVIRONMENT_TYPES.has(projectType)

  return (
    <div className="filter-sidebar">
      {hasFilters ? (
        <Link href={href(withoutFilters(state))} prefetch={false} scroll={false} className="filter-sidebar__clear">
          <SearchIcon name="close" size={16} />
          {t('clearFilters')}
        </Link>
      ) : null}

      {categoryGroups(data.categories).map((group) => (
        <Section key={group.header} id={`filter-${HEADER_KEYS[group.header as keyof typeof HEADER_KEYS] ?? 'categories'}`} title={t(`headers.${HEADER_KEYS[group.header as keyof typeof HEADER_KEYS] ?? 'categories'}`)}>
          {group.items.map((c) => row('category', c.name, tagLabel(c.name), facets.categories[c.name] ?? 0, <TagGlyph className={tagIconClass('category', c.name)} />))}
        </Section>
      ))}

      {loaderGroups(projectType, data.loaders).map((group) => (
        <Section key={group.key} id={`filter-${group.key}`} title={t(`loaderGroups.${group.key}`)}>
          {group.items.map((l) => row('loader', l.id, tagLabel(l.id), data.loaderCounts[l.id] ?? 0, <TagGlyph className={tagIconClass('loader', l.id)} />))}
        </Section>
      ))}

      <Section
        id="filter-game-versions"
        title={t('gameVersions')}
        scroll
        action={
          <Link href={href(withSnapshots(state, !state.showSnapshots))} prefetch={false} scroll={false} className="filter-section__action">
            {state.showSnapshots ? t('hideSnapshots') : t('showSnapshots')}
          </Link>
        }
      >
        {versions.length ? versions.map((v) => row('gameVersion', v.id, v.id, data.gameVersionCounts[v.id] ?? 0)) : <li className="filter-section__empty">{t('noGameVersions')}</li>}
      </Section>

      {hasEnvironment ? (
        <Section id="filter-environment" title={t('environment')}>
          {toggle('client', t('client'), state.environments.includes('client'), withEnvironment(state, 'client', !state.environments.includes('client')), sideCount(facets.client_side), 'monitor')}
          {toggle('server', t('server'), state.environments.includes('server'), withEnvironment(state, 'server', !state.environments.includes('server')), sideCount(facets.server_side), 'server')}
        </Section>
      ) : null}

      <Section id="filter-license" title={t('license')}>
        {toggle('open-source', t('openSource'), state.openSource, withOpenSource(state, !state.openSource), facets.open_source['true'] ?? 0, 'code')}
      </Section>
    </div>
  )
}
