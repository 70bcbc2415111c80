import { Feed } from 'feed'
import type { Payload } from 'payload'

import { listChangelog, listPublishedNews, CHANGELOG_LIMIT } from '../data/news'
import { viewerFor } from '../data/viewer'
import { env } from '../env'
import { renderMarkdown } from '../markdown'
import { dateKeyOf } from '../news/changelogDates'
import { changelogEntryPath, changelogFeedPath, changelogFilterPath, NEWS_PATH, newsArticlePath, newsFeedPath, type FeedFormat } from '../news/paths'
import type { Product } from '../news/products'

/** Articles in the news feed: readers poll often, so the newest are enough. */
export const NEWS_FEED_SIZE = 20

const PRODUCT_NAMES: Record<Product, string> = { web: 'Website', app: 'App', servers: 'Servers' }

const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${env.siteUrl()}${path}`)

/** The news feed, read as an anonymous visitor: only what anyone may read, never a draft. */
export async function newsFeed(payload: Payload): Promise<Feed> {
  const viewer = await viewerFor(payload, null)
  const { articles } = await listPublishedNews(viewer, 1, NEWS_FEED_SIZE)
  const newest = articles[0]?.publishedAt
  const feed = new Feed({
    id: absolute(NEWS_PATH),
    title: 'Blockforge news',
    description: 'News, updates and announcements from Blockforge.',
    link: absolute(NEWS_PATH),
    language: 'en',
    favicon: absolute('/icon.svg'),
    copyright: `© Blockforge contributors`,
    updated: newest ? new Date(newest) : new Date(0),
    feedLinks: { rss: absolute(newsFeedPath('rss')), atom: absolute(newsFeedPath('atom')) },
  })
  for (const a of articles) {
    const link = absolute(newsArticlePath(a.slug))
    feed.addItem({
      id: link,
      link,
      title: a.title,
      description: a.summary,
      date: new Date(a.publishedAt ?? a.updatedAt),
      image: a.thumbnail ? absolute(a.thumbnail.url) : undefined,
    })
  }
  return feed
}

/** One product's changelog; each entry's Markdown goes through the site's sanitizer. */
export async function changelogFeed(payload: Payload, product: Product): Promise<Feed> {
  const viewer = await viewerFor(payload, null)
  const entries = await listChangelog(viewer, product, CHANGELOG_LIMIT)
  const name = PRODUCT_NAMES[product]
  const feed = new Feed({
    id: absolute(changelogFilterPath(product)),
    title: `Blockforge ${name} changelog`,
    description: `What changed in the Blockforge ${name.toLowerCase()}.`,
    link: absolute(changelogFilterPath(product)),
    language: 'en',
    favicon: absolute('/icon.svg'),
    copyright: `© Blockforge contributors`,
    updated: entries[0] ? new Date(entries[0].date) : new Date(0),
    feedLinks: { rss: absolute(changelogFeedPath(product, 'rss')), atom: absolute(changelogFeedPath(product, 'atom')) },
  })
  for (const e of entries) {
    const day = dateKeyOf(e.date)
    const link = absolute(changelogEntryPath(product, day))
    feed.addItem({
      id: link,
      link,
      title: `${name} ${e.version ? `${e.version} ` : ''}(${day})`,
      content: renderMarkdown(e.body, { siteOrigin: null }),
      date: new Date(e.date),
    })
  }
  return feed
}

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
}

/** The feed as an HTTP response; readers poll, so a short shared cache spares the database. */
export function feedResponse(feed: Feed, format: FeedFormat): Response {
  return new Response(format === 'rss' ? feed.rss2() : feed.atom1(), {
    headers: { 'content-type': CONTENT_TYPES[format], 'cache-control': 'public, max-age=300' },
  })
}
