import type { Metadata } from 'next'
import { cookies } from 'next/headers'
import Link from 'next/link'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { parseCosmetic } from '@/lib/cosmetics'
import { projectTypeSearchPath, type ProjectType } from '@/lib/projectTypes'
import { displayModeOf, parseDisplayModes, SEARCH_DISPLAY_MODE_COOKIE } from '@/lib/search/displayMode'
import { pageCount } from '@/lib/search/pagination'
import { loaderGroups } from '@/lib/search/sidebar'
import { SORTS } from '@/lib/search/query'
import { activeFilters, withPage, withPerPage, withSort } from '@/lib/search/siteFilters'
import { parseSiteSearchState, PER_PAGE_CHOICES, siteSearchHref, siteStateToParams, type SiteSearchState } from '@/lib/search/siteQuery'

import { HouseAd, promoForProjectType } from '@/components/ads/HouseAd'

import { ActiveFilters } from './ActiveFilters'
import { FilterSidebar } from './FilterSidebar'
import { FiltersPanel } from './FiltersPanel'
import { getTagLabeler } from './labels'
import { loadSearchPage } from './load'
import { Pagination } from './Pagination'
import { cardData, type CardText } from './cardData'
import { SearchForm } from './SearchForm'
import { ToolbarForm } from './ToolbarForm'
import { ResultsList, ViewModeProvider, ViewModeSwitch } from './ViewMode'

export type SearchPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> }


/** Next's searchParams object as URLSearchParams (repeated keys stay repeated). */
function toParams(raw: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(raw)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v)
  return params
}

/** Hidden fields carrying a state through a GET form, minus the fields the form itself has. */
const hiddenFields = (state: SiteSearchState, omit: string[]): [string, string][] => [...siteStateToParams(state)].filter(([name]) => !omit.includes(name))

export async function searchPageMetadata(type: ProjectType, { searchParams }: SearchPageProps): Promise<Metadata> {
  const [t, state] = await Promise.all([getTranslations(`Search.types.${type}`), searchParams.then((raw) => parseSiteSearchState(toParams(raw)))])
  const query = state.text.trim()
  const title = query ? t('queryTitle', { query: query.slice(0, 60) }) : t('title')
  return {
    title,
    description: t('description'),
    alternates: { canonical: projectTypeSearchPath(type) },
    openGraph: { title, description: t('description'), url: projectTypeSearchPath(type) },
  }
}

/** A search page (/mods, /plugins, …): search box, filters, sort, view modes, results and pages. */
export async function SearchPage({ type, searchParams }: SearchPageProps & { type: ProjectType }) {
  const path = projectTypeSearchPath(type)
  const state = parseSiteSearchState(toParams(await searchParams))
  const [t, tt, locale, format, cookieStore, tagLabel, data] = await Promise.all([
    getTranslations('Search'),
    getTranslations(`Search.types.${type}`),
    getLocale(),
    getFormatter(),
    cookies(),
    getTagLabeler(),
    loadSearchPage(type, state),
  ])
  const mode = displayModeOf(parseDisplayModes(cookieStore.get(SEARCH_DISPLAY_MODE_COOKIE)?.value), type)
  // The rightSearchLayout cookie (spec §3) moves the filters to the right on wide screens (appearance.css).
  const filtersRight = parseCosmetic('rightSearchLayout', cookieStore.get('rightSearchLayout')?.value)
  const now = new Date()

  const text: CardText = {
    by: (author) => t('by', { author }),
    downloads: (formatted, count) => t('downloads', { formatted, count }),
    follows: (formatted, count) => t('follows', { formatted, count }),
    date: (iso) => t(state.sort === 'newest' ? 'published' : 'updated', { relative: format.relativeTime(new Date(iso), now) }),
    fullDate: (iso) => format.dateTime(new Date(iso), { dateStyle: 'long', timeStyle: 'short' }),
    tagLabel,
  }

  const total = data?.result.total_hits ?? 0
  const pages = pageCount(total, state.perPage)
  const hits = data?.result.hits ?? []
  const from = (state.page - 1) * state.perPage + 1
  const filterCount = activeFilters(state).length
  const loaderNames = new Set(data?.loaders.map((l) => l.id) ?? [])
  const shownLoaders = new Set(loaderGroups(type, data?.loaders ?? []).flatMap((g) => g.items.map((l) => l.id)))

  return (
    <div className="container search-page">
      {/* Without JavaScript the filters cannot be toggled: show them on narrow screens too. */}
      <noscript>
        <style>{'.filters-toggle{display:none!important}.search-sidebar{display:block!important}'}</style>
      </noscript>
      <header className="search-page__header">
        <h1 className="search-page__title">{tt('heading')}</h1>
      </header>

      <ViewModeProvider type={type} initial={mode}>
        <div className={filtersRight ? 'search-layout search-layout--filters-right' : 'search-layout'}>
          {/* First in the page's focus order (the site's skip link lands just before it), then a
              link past the filters to the results; the grid puts the filters beside them. */}
          <div className="search-query">
            <SearchForm
              action={path}
              query={state.text}
              hidden={hiddenFields(state, ['q', 'page'])}
              label={t('searchLabel')}
              placeholder={tt('placeholder')}
              submitLabel={t('searchSubmit')}
              skip={{ label: t('skipToResults'), target: 'search-results' }}
            />
          </div>
          <FiltersPanel
            label={t('filtersLabel')}
            title={t('filters')}
            closeLabel={t('closeFilters')}
            showResultsLabel={t('showResults')}
            resultsText={data ? t('results', { count: total }) : ''}
            count={filterCount}
          >
            {data ? <FilterSidebar projectType={type} path={path} state={state} data={data} tagLabel={tagLabel} /> : null}
            {/* Signed-out visitors only (spec §6); our own promotion. */}
            <HouseAd promo={promoForProjectType(type)} />
          </FiltersPanel>

          <section className="search-main" aria-labelledby="search-results-title">
            <div className="search-toolbar">
              <h2 id="search-results-title" className="visually-hidden">
                {t('resultsHeading')}
              </h2>
              <p className="search-toolbar__count" role="status">
                {data ? (hits.length ? t('showing', { from: format.number(from), to: format.number(from + hits.length - 1), total: format.number(total) }) : t('results', { count: total })) : null}
              </p>
              <div className="search-toolbar__controls">
                <ToolbarForm
                  action={path}
                  hidden={hiddenFields(state, ['s', 'n', 'page'])}
                  applyLabel={t('apply')}
                  sort={{
                    label: t('sort'),
                    value: state.sort,
                    options: SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`), href: siteSearchHref(path, withSort(state, s)) })),
                  }}
                  perPage={{
                    label: t('perPage'),
                    value: String(state.perPage),
                    options: PER_PAGE_CHOICES.map((n) => ({ value: String(n), label: String(n), href: siteSearchHref(path, withPerPage(state, n)) })),
                  }}
                />
                <ViewModeSwitch type={type} label={t('view')} names={{ list: t('views.list'), grid: t('views.grid'), gallery: t('views.gallery') }} />
              </div>
            </div>
            <ActiveFilters path={path} state={state} tagLabel={tagLabel} />

            <div id="search-results" className="search-results-region" tabIndex={-1}>
            {!data ? (
              <p className="empty-state">{t('unavailable')}</p>
            ) : hits.length ? (
              <ResultsList
                label={tt('heading')}
                tagsLabel={t('tagsLabel')}
                cards={hits.map((hit) => cardData(hit, { loaderNames, shownLoaders, locale, showPublished: state.sort === 'newest', text }))}
              />
            ) : total > 0 ? (
              <div className="empty-state">
                <p>{t('pastLastPage')}</p>
                <p>
                  <Link href={siteSearchHref(path, withPage(state, 1))}>{t('goToFirstPage')}</Link>
                </p>
              </div>
            ) : (
              <div className="empty-state search-empty">
                <p className="search-empty__title">{t('noResults')}</p>
                <p>{t('noResultsHint')}</p>
              </div>
            )}
            </div>

            <Pagination path={path} state={state} pages={pages} />
          </section>
        </div>
      </ViewModeProvider>
      {/* The tags' icons: one cached stylesheet (src/app/tag-icons.css). Linked here, after the
          results, rather than hoisted into <head>: the page paints without waiting for it (the icons
          are decorative and their boxes are sized by search.css, so nothing moves when they arrive). */}
      <link rel="stylesheet" href={`/tag-icons.css?type=${type}`} />
    </div>
  )
}
