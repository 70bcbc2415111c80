import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { paginationItems } from '@/lib/search/pagination'
import { withPage } from '@/lib/search/siteFilters'
import { siteSearchHref, type SiteSearchState } from '@/lib/search/siteQuery'

import { SearchIcon } from '@/components/site/icons'

/** Page links (first, last, neighbours, gaps) with previous and next. Plain links: they work without JavaScript. */
export async function Pagination({ path, state, pages }: { path: string; state: SiteSearchState; pages: number }) {
  if (pages <= 1) return null
  const t = await getTranslations('Search')
  const current = Math.min(state.page, pages)
  const href = (page: number) => siteSearchHref(path, withPage(state, page))
  return (
    <nav className="pagination" aria-label={t('pagination')}>
      {current > 1 ? (
        <Link href={href(current - 1)} rel="prev" className="pagination__step" aria-label={t('previousPage')}>
          <SearchIcon name="chevronLeft" size={16} />
          <span className="pagination__step-text">{t('previous')}</span>
        </Link>
      ) : (
        <span className="pagination__step" aria-hidden="true" data-disabled>
          <SearchIcon name="chevronLeft" size={16} />
          <span className="pagination__step-text">{t('previous')}</span>
        </span>
      )}
      <ol className="pagination__pages">
        {paginationItems(current, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link href={href(item)} className="pagination__page" aria-current={item === current ? 'page' : undefined} aria-label={t('pageLabel', { page: item })}>
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < pages ? (
        <Link href={href(current + 1)} rel="next" className="pagination__step" aria-label={t('nextPage')}>
          <span className="pagination__step-text">{t('next')}</span>
          <SearchIcon name="chevronRight" size={16} />
        </Link>
      ) : (
        <span className="pagination__step" aria-hidden="true" data-disabled>
          <span className="pagination__step-text">{t('next')}</span>
          <SearchIcon name="chevronRight" size={16} />
        </span>
      )}
    </nav>
  )
}
