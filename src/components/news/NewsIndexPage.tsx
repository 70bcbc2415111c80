import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { listPublishedNews } from '@/lib/data/news'
import { NEWS_PATH, newsFeedPath } from '@/lib/news/paths'

import { ArticleCard } from './ArticleCard'
import { newsFeedAlternates } from './feedAlternates'
import { FeedLinks } from './FeedLinks'
import { viewer } from './load'
import { NewsSectionNav } from './NewsSectionNav'

export type NewsIndexSearchParams = Promise<{ page?: string | string[] }>

/** `?page=` as a positive integer; anything else is page 1 (a shared link with junk still works). */
function pageOf(raw: string | string[] | undefined): number {
  const n = Number(Array.isArray(raw) ? raw[0] : raw)
  return Number.isInteger(n) && n > 0 ? n : 1
}

const pageHref = (page: number) => (page > 1 ? `${NEWS_PATH}?page=${page}` : NEWS_PATH)

export async function newsIndexMetadata(): Promise<Metadata> {
  const t = await getTranslations('News')
  return {
    title: t('title'),
    description: t('description'),
    alternates: { canonical: NEWS_PATH, types: newsFeedAlternates(t('feedTitle')) },
    openGraph: { type: 'website', title: t('title'), description: t('description'), url: NEWS_PATH },
    twitter: { card: 'summary', title: t('title'), description: t('description') },
  }
}

/** `/news`: published articles, newest first; the newest is featured with its thumbnail. */
export async function NewsIndexPage({ searchParams }: { searchParams: NewsIndexSearchParams }) {
  const page = pageOf((await searchParams).page)
  const [t, { articles, totalPages }] = await Promise.all([getTranslations('News'), listPublishedNews(await viewer(), page)])
  // Past the last page is a 404, except the empty first page of a site with no news yet.
  if (page > 1 && page > totalPages) notFound()
  const [featured, ...rest] = page === 1 ? articles : [undefined, ...articles]

  return (
    <div className="container news-page" data-testid="news-index">
      <header className="news-header">
        <h1>{t('heading')}</h1>
        <p className="news-header__lead">{t('lead')}</p>
        <NewsSectionNav current="articles" />
      </header>
      {articles.length === 0 ? <p className="news-empty">{t('empty')}</p> : null}
      {featured ? <ArticleCard article={featured} featured /> : null}
      {rest.length > 0 ? (
        <div className="news-grid">
          {rest.map((a) => (a ? <ArticleCard key={a.id} article={a} /> : null))}
        </div>
      ) : null}
      {totalPages > 1 ? (
        <nav className="news-pagination" aria-label={t('pagination')}>
          {page > 1 ? <Link href={pageHref(page - 1)} rel="prev">{t('previous')}</Link> : <span />}
          <span>{t('pageOf', { page: String(page), total: String(totalPages) })}</span>
          {page < totalPages ? <Link href={pageHref(page + 1)} rel="next">{t('next')}</Link> : <span />}
        </nav>
      ) : null}
      <FeedLinks rss={newsFeedPath('rss')} atom={newsFeedPath('atom')} />
    </div>
  )
}
