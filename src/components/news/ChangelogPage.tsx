import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { Markdown } from '@/components/project/Markdown'
import { listChangelog } from '@/lib/data/news'
import { dateKeyOf } from '@/lib/news/changelogDates'
import { changelogEntryPath, changelogFeedPath, changelogFilterPath } from '@/lib/news/paths'
import { isProduct, PRODUCTS, type Product } from '@/lib/news/products'

import { changelogFeedAlternates } from './feedAlternates'
import { FeedLinks } from './FeedLinks'
import { viewer } from './load'
import { NewsSectionNav } from './NewsSectionNav'

export type ChangelogSearchParams = Promise<{ product?: string | string[] }>

/** `?product=` when it names a product; anything else shows every product. */
async function productOf(searchParams: ChangelogSearchParams): Promise<Product | null> {
  const raw = (await searchParams).product
  const value = Array.isArray(raw) ? raw[0] : raw
  return isProduct(value) ? value : null
}

export async function changelogMetadata({ searchParams }: { searchParams: ChangelogSearchParams }): Promise<Metadata> {
  const [t, product] = await Promise.all([getTranslations('Changelog'), productOf(searchParams)])
  const feedTitle = (p: Product) => t('feedTitle', { product: t(`products.${p}`) })
  return {
    title: product ? `${t('title')}: ${t(`products.${product}`)}` : t('title'),
    description: t('description'),
    alternates: { canonical: changelogFilterPath(product), types: changelogFeedAlternates(product ? [product] : PRODUCTS, feedTitle) },
    openGraph: { type: 'website', title: t('title'), description: t('description'), url: changelogFilterPath(product) },
    twitter: { card: 'summary', title: t('title'), description: t('description') },
  }
}

/** `/news/changelog`: published entries newest first, filtered by `?product=`. */
export async function ChangelogPage({ searchParams }: { searchParams: ChangelogSearchParams }) {
  const product = await productOf(searchParams)
  const [t, news, format, entries] = await Promise.all([getTranslations('Changelog'), getTranslations('News'), getFormatter(), listChangelog(await viewer(), product)])
  const filters: Array<Product | null> = [null, ...PRODUCTS]

  return (
    <div className="container news-page" data-testid="changelog">
      <header className="news-header">
        <h1>{t('heading')}</h1>
        <p className="news-header__lead">{t('lead')}</p>
        <NewsSectionNav current="changelog" />
      </header>
      <nav className="changelog-filter" aria-label={t('filterLabel')}>
        {filters.map((p) => (
          <Link key={p ?? 'all'} href={changelogFilterPath(p)} className="changelog-filter__option" aria-current={p === product ? 'page' : undefined}>
            {p ? t(`products.${p}`) : t('all')}
          </Link>
        ))}
      </nav>
      {entries.length === 0 ? <p className="news-empty">{t('empty')}</p> : null}
      <ol className="changelog-list">
        {entries.map((entry) => {
          const entryProduct = entry.product as Product
          const date = format.dateTime(new Date(entry.date), { dateStyle: 'long', timeZone: 'UTC' })
          return (
            <li key={entry.id} className="changelog-entry" data-product={entryProduct}>
              <header className="changelog-entry__header">
                <span className={`changelog-badge changelog-badge--${entryProduct}`}>{t(`products.${entryProduct}`)}</span>
                <h2 className="changelog-entry__date">
                  <Link href={changelogEntryPath(entryProduct, dateKeyOf(entry.date))} aria-label={t('permalink', { product: t(`products.${entryProduct}`), date })}>
                    <time dateTime={dateKeyOf(entry.date)}>{date}</time>
                  </Link>
                </h2>
                {entry.version ? <span className="changelog-entry__version">{t('version', { version: entry.version })}</span> : null}
              </header>
              <Markdown source={entry.body} className="changelog-entry__body" />
            </li>
          )
        })}
      </ol>
      {product ? (
        <FeedLinks rss={changelogFeedPath(product, 'rss')} atom={changelogFeedPath(product, 'atom')} label={`${news('feeds')} (${t(`products.${product}`)})`} />
      ) : (
        PRODUCTS.map((p) => <FeedLinks key={p} rss={changelogFeedPath(p, 'rss')} atom={changelogFeedPath(p, 'atom')} label={`${news('feeds')} (${t(`products.${p}`)})`} />)
      )}
    </div>
  )
}
