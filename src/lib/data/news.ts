import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'

import { actorOf, isNewsEditor } from '../../access/core/roles'
import { env } from '../env'
import { isLegalSlug } from '../legal'
import { dayRangeOf } from '../news/changelogDates'
import type { Product } from '../news/products'
import type { ChangelogEntry, LegalPage, News, User } from '../../payload-types'
import { as, isLookupKey, type Viewer } from './viewer'

/** Articles per page of /news (the first page's newest article is the featured one). */
export const NEWS_PAGE_SIZE = 10
/** The desktop app's page shows at most this many articles (spec §9). */
export const APP_NEWS_LIMIT = 4
/** Entries per changelog page and feed: the changelog is short-lived news, not an archive. */
export const CHANGELOG_LIMIT = 100

export type NewsThumbnail = { url: string; alt: string; width: number | null; height: number | null }
export type NewsAuthor = { id: string; username: string }

/** An article as listings and feeds show it. */
export type NewsCard = {
  id: string
  slug: string
  title: string
  summary: string
  status: 'draft' | 'published'
  publishedAt: string | null
  updatedAt: string
  thumbnail: NewsThumbnail | null
}

export type NewsArticle = NewsCard & { authors: NewsAuthor[]; content: SerializedEditorState }

/**
 * Root-relative like every own upload on the site (Payload makes upload URLs absolute with
 * SITE_URL); feeds and metadata make it absolute again.
 */
function thumbnailOf(image: News['thumbnail']): NewsThumbnail | null {
  if (!image || typeof image !== 'object' || !image.url) return null
  const origin = env.siteUrl()
  const url = image.url.startsWith(`${origin}/`) ? image.url.slice(origin.length) : image.url
  return { url, alt: image.alt ?? '', width: image.width ?? null, height: image.height ?? null }
}

function cardOf(doc: News): NewsCard {
  return {
    id: doc.id,
    slug: doc.slug,
    title: doc.title,
    summary: doc.summary,
    status: doc._status === 'published' ? 'published' : 'draft',
    publishedAt: doc.publishedAt ?? null,
    updatedAt: doc.updatedAt,
    thumbnail: thumbnailOf(doc.thumbnail),
  }
}

const authorsOf = (authors: News['authors']): NewsAuthor[] =>
  (authors ?? []).flatMap((a) => (a && typeof a === 'object' ? [{ id: a.id, username: (a as User).username }] : []))

/**
 * Published articles, newest first. Listings never show drafts, not even to editors (they open a
 * draft by its URL); access still applies, so a visitor could not get one either way.
 */
export async function listPublishedNews(viewer: Viewer, page = 1, limit = NEWS_PAGE_SIZE) {
  const result = await viewer.payload.find({
    collection: 'news',
    where: { _status: { equals: 'published' } },
    sort: ['-publishedAt', '-createdAt'],
    page: Math.max(1, Math.floor(page)),
    limit,
    depth: 1,
    select: { slug: true, title: true, summary: true, _status: true, publishedAt: true, updatedAt: true, thumbnail: true },
    ...as(viewer),
  })
  return { articles: result.docs.map((d) => cardOf(d as News)), page: result.page ?? 1, totalPages: result.totalPages }
}

/**
 * One article by slug as the viewer may see it: drafts only for news editors (access decides).
 * `preview` (the admin's live preview) reads the latest draft instead of the published version,
 * for news editors only; anyone else gets the published version as usual.
 */
export async function getNewsArticle(viewer: Viewer, slug: string, { preview = false } = {}): Promise<NewsArticle | null> {
  if (!isLookupKey(slug)) return null
  const draft = preview && isNewsEditor(actorOf(viewer.req))
  // Depth 1 also fills the image blocks' uploads inside the rich text.
  const { docs } = await viewer.payload.find({ collection: 'news', where: { slug: { equals: slug } }, limit: 1, depth: 1, draft, ...as(viewer) })
  const doc = docs[0]
  if (!doc) return null
  return { ...cardOf(doc), authors: authorsOf(doc.authors), content: doc.content as unknown as SerializedEditorState }
}

/** Published changelog entries, newest first, optionally of one product. */
export async function listChangelog(viewer: Viewer, product?: Product | null, limit = CHANGELOG_LIMIT): Promise<ChangelogEntry[]> {
  const { docs } = await viewer.payload.find({
    collection: 'changelog-entries',
    where: { and: [{ _status: { equals: 'published' } }, ...(product ? [{ product: { equals: product } }] : [])] },
    sort: ['-date', '-createdAt'],
    limit,
    depth: 0,
    ...as(viewer),
  })
  return docs
}

/**
 * The entry of a product on a day (YYYY-MM-DD, UTC); null for a malformed day or none visible.
 * `previewId` (the admin's live preview): that entry's latest draft, for news editors only — found by
 * id, since the draft may have moved to another day; anyone else gets the day's published entry.
 */
export async function getChangelogEntry(viewer: Viewer, product: Product, dateKey: string, { previewId }: { previewId?: string } = {}): Promise<ChangelogEntry | null> {
  if (previewId && isLookupKey(previewId) && isNewsEditor(actorOf(viewer.req))) {
    const draft = await viewer.payload.findByID({ collection: 'changelog-entries', id: previewId, draft: true, depth: 0, disableErrors: true, ...as(viewer) })
    if (draft && draft.product === product) return draft
  }
  const day = dayRangeOf(dateKey)
  if (!day) return null
  const { docs } = await viewer.payload.find({
    collection: 'changelog-entries',
    where: { and: [{ product: { equals: product } }, { date: { greater_than_equal: day.start.toISOString() } }, { date: { less_than: day.end.toISOString() } }] },
    sort: ['-date', '-createdAt'],
    limit: 1,
    depth: 0,
    ...as(viewer),
  })
  return docs[0] ?? null
}

/** A legal page by its slug; null for a slug outside the fixed list or not written yet. */
export async function getLegalPage(viewer: Viewer, slug: string): Promise<LegalPage | null> {
  if (!isLegalSlug(slug)) return null
  const { docs } = await viewer.payload.find({ collection: 'legal-pages', where: { slug: { equals: slug } }, limit: 1, depth: 1, ...as(viewer) })
  return docs[0] ?? null
}

/** The slugs and dates the sitemap lists. */
export async function listLegalPagesForSitemap(viewer: Viewer): Promise<Pick<LegalPage, 'slug' | 'updatedAt'>[]> {
  const { docs } = await viewer.payload.find({ collection: 'legal-pages', pagination: false, depth: 0, select: { slug: true, updatedAt: true }, ...as(viewer) })
  return docs
}

