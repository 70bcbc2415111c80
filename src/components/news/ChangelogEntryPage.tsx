import type { Metadata } from 'next'
import Link from 'next/link'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'

import { Markdown } from '@/components/project/Markdown'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { actorOf, isNewsEditor } from '@/access/core/roles'
import { env } from '@/lib/env'
import { servedOrigin } from '@/lib/http/servedOrigin'
import { dateKeyOf } from '@/lib/news/changelogDates'
import { changelogEntryPath, changelogFeedPath, changelogFilterPath, PREVIEW_PARAM } from '@/lib/news/paths'
import { isProduct } from '@/lib/news/products'

import { changelogFeedAlternates } from './feedAlternates'
import { FeedLinks } from './FeedLinks'
import { LivePreviewRefresh } from './LivePreviewRefresh'
import { loadChangelogEntry, viewer } from './load'
import { NewsSectionNav } from './NewsSectionNav'

export type ChangelogEntryParams = Promise<{ product: string; date: string }>
export type ChangelogEntrySearchParams = Promise<Record<string, string | string[] | undefined>>
type ChangelogEntryProps = { params: ChangelogEntryParams; searchParams: ChangelogEntrySearchParams }

/** `?preview={id}`: the admin's live preview of that entry's latest draft (news editors only). */
async function previewIdOf(searchParams: ChangelogEntrySearchParams): Promise<string | undefined> {
  const value = (await searchParams)[PREVIEW_PARAM]
  return typeof value === 'string' && value ? value : undefined
}

async function load({ params, searchParams }: ChangelogEntryProps) {
  const { product, date } = await params
  if (!isProduct(product)) return null
  const entry = await loadChangelogEntry(product, date, await previewIdOf(searchParams))
  return entry ? { product, entry } : null
}

export async function changelogEntryMetadata(props: ChangelogEntryProps): Promise<Metadata> {
  const found = await load(props)
  if (!found) return notFoundMetadata('generic')
  const [t, format] = await Promise.all([getTranslations('Changelog'), getFormatter()])
  const productName = t(`products.${found.product}`)
  const title = t('entryTitle', { product: productName, date: format.dateTime(new Date(found.entry.date), { dateStyle: 'long', timeZone: 'UTC' }) })
  const url = changelogEntryPath(found.product, dateKeyOf(found.entry.date))
  return {
    title,
    description: t('description'),
    alternates: { canonical: url, types: changelogFeedAlternates([found.product], () => t('feedTitle', { product: productName })) },
    // Drafts are only seen by editors; keep them out of search engines all the same.
    robots: found.entry._status === 'draft' ? { index: false, follow: false } : undefined,
    openGraph: { type: 'article', title, url, publishedTime: found.entry.date },
    twitter: { card: 'summary', title },
  }
}

/** `/news/changelog/{product}/{YYYY-MM-DD}`: one entry; an unknown product or day is a 404. */
export async function ChangelogEntryPage(props: ChangelogEntryProps) {
  const found = await load(props)
  if (!found) notFound()
  const { product, entry } = found
  // Only an editor's preview reloads on save: anyone else was given the published entry.
  const livePreview = (await previewIdOf(props.searchParams)) !== undefined && isNewsEditor(actorOf((await viewer()).req))
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
        {entry._status === 'draft' ? (
          <p className="article-draft" role="note">
            <strong>{t('draft')}</strong> {t('draftNotice')}
          </p>
        ) : null}
        <h1>{t('entryTitle', { product: productName, date })}</h1>
        {entry.version ? <p className="changelog-entry__version">{t('version', { version: entry.version })}</p> : null}
      </header>
      <Markdown source={entry.body} className="changelog-entry__body" />
      <FeedLinks rss={changelogFeedPath(product, 'rss')} atom={changelogFeedPath(product, 'atom')} label={`${news('feeds')} (${productName})`} />
      {livePreview ? <LivePreviewRefresh serverURL={servedOrigin(await headers()) ?? env.siteUrl()} /> : null}
    </article>
  )
}
