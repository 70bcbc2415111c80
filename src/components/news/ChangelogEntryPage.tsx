import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'

import { Markdown } from '@/components/project/Markdown'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { dateKeyOf } from '@/lib/news/changelogDates'
import { changelogEntryPath, changelogFeedPath, changelogFilterPath } from '@/lib/news/paths'
import { isProduct } from '@/lib/news/products'

import { changelogFeedAlternates } from './feedAlternates'
import { FeedLinks } from './FeedLinks'
import { loadChangelogEntry } from './load'
import { NewsSectionNav } from './NewsSectionNav'

export type ChangelogEntryParams = Promise<{ product: string; date: string }>

async function load(params: ChangelogEntryParams) {
  const { product, date } = await params
  if (!isProduct(product)) return null
  const entry = await loadChangelogEntry(product, date)
  return entry ? { product, entry } : null
}

export async function changelogEntryMetadata({ params }: { params: ChangelogEntryParams }): Promise<Metadata> {
  const found = await load(params)
  if (!found) return notFoundMetadata('generic')
  const [t, format] = await Promise.all([getTranslations('Changelog'), getFormatter()])
  const productName = t(`products.${found.product}`)
  const title = t('entryTitle', { product: productName, date: format.dateTime(new Date(found.entry.date), { dateStyle: 'long', timeZone: 'UTC' }) })
  const url = changelogEntryPath(found.product, dateKeyOf(found.entry.date))
  return {
    title,
    description: t('description'),
    alternates: { canonical: url, types: changelogFeedAlternates([found.product], () => t('feedTitle', { product: productName })) },
    openGraph: { type: 'article', title, url, publishedTime: found.entry.date },
    twitter: { card: 'summary', title },
  }
}

/** `/news/changelog/{product}/{YYYY-MM-DD}`: one entry; an unknown product or day is a 404. */
export async function ChangelogEntryPage({ params }: { params: ChangelogEntryParams }) {
  const found = await load(params)
  if (!found) notFound()
  const { product, entry } = found
  const [t, news, format] = await Promise.all([getTranslations('Changelog'), getTranslations('News'), getFormatter()])
  const productName = t(`products.${product}`)
  const date = format.dateTime(new Date(entry.date), { dateStyle: 'long', timeZone: 'UTC' })

  return (
    <article className="container news-page changelog-entry-page" data-testid="changelog-entry">
      <header className="news-header">
        <NewsSectionNav current="changelog" />
        <p className="article-page__back">
          <Link href={changelogFilterPath(product)}>{t('allChanges')}</Link>
        </p>
        <h1>{t('entryTitle', { product: productName, date })}</h1>
        {entry.version ? <p className="changelog-entry__version">{t('version', { version: entry.version })}</p> : null}
      </header>
      <Markdown source={entry.body} className="changelog-entry__body" />
      <FeedLinks rss={changelogFeedPath(product, 'rss')} atom={changelogFeedPath(product, 'atom')} label={`${news('feeds')} (${productName})`} />
    </article>
  )
}
