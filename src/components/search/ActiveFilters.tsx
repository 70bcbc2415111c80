import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { activeFilters, withoutFilters } from '@/lib/search/siteFilters'
import { siteSearchHref, type SiteSearchState } from '@/lib/search/siteQuery'

import { SearchIcon } from '@/components/site/icons'

/** The filters in effect as removable chips (excluded ones read "Not …"), and a link clearing them all. */
export async function ActiveFilters({ path, state, tagLabel }: { path: string; state: SiteSearchState; tagLabel: (name: string) => string }) {
  const chips = activeFilters(state)
  if (chips.length === 0) return null
  const t = await getTranslations('Search')
  const labelOf = (chip: (typeof chips)[number]) => {
    if (chip.kind === 'environment') return t(chip.value)
    if (chip.kind === 'openSource') return t('openSource')
    if (chip.kind === 'projectId') return t('projectIdChip', { id: chip.value })
    const name = chip.kind === 'gameVersion' ? chip.value : tagLabel(chip.value)
    return chip.mode === 'exclude' ? t('excludedChip', { label: name }) : name
  }
  return (
    <div className="active-filters">
      <h2 className="visually-hidden">{t('activeFiltersLabel')}</h2>
      <ul className="active-filters__list">
        {chips.map((chip) => {
          const label = labelOf(chip)
          return (
            <li key={`${chip.kind}:${chip.mode}:${chip.value}`}>
              <Link
                href={siteSearchHref(path, chip.without)}
                prefetch={false}
                scroll={false}
                className="filter-chip"
                data-mode={chip.mode}
                aria-label={t('removeFilter', { label })}
              >
                <span>{label}</span>
                <SearchIcon name="close" size={14} />
              </Link>
            </li>
          )
        })}
        {chips.length > 1 ? (
          <li>
            <Link href={siteSearchHref(path, withoutFilters(state))} prefetch={false} scroll={false} className="active-filters__clear">
              {t('clearFilters')}
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  )
}
