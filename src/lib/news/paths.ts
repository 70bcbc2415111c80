import type { Product } from './products'

/** The news section's URLs, in one place for pages, feeds and the sitemap. */
export const NEWS_PATH = '/news'
export const newsArticlePath = (slug: string) => `/news/article/${encodeURIComponent(slug)}`
export const newsFeedPath = (format: FeedFormat) => `/news/feed/${format}.xml`

export const CHANGELOG_PATH = '/news/changelog'
export const changelogFilterPath = (product?: Product | null) => (product ? `${CHANGELOG_PATH}?product=${product}` : CHANGELOG_PATH)
export const changelogEntryPath = (product: Product, dateKey: string) => `${CHANGELOG_PATH}/${product}/${dateKey}`
export const changelogFeedPath = (product: Product, format: FeedFormat) => `${CHANGELOG_PATH}/${product}/feed/${format}.xml`

export type FeedFormat = 'rss' | 'atom'

/** A project's feed of new versions, beside its page (`/{type}/{slug}/feed.xml`, `…/feed.atom`). */
export const projectFeedPath = (projectPath: string, format: FeedFormat) => `${projectPath}/${format === 'rss' ? 'feed.xml' : 'feed.atom'}`

/** An article in preview mode: its latest draft, for news editors (the admin's live preview). */
export const PREVIEW_PARAM = 'preview'
export const newsArticlePreviewPath = (slug: string) => `${newsArticlePath(slug)}?${PREVIEW_PARAM}=1`
/** A changelog entry in preview mode: its latest draft, found by id (the editor may have moved its day). */
export const changelogEntryPreviewPath = (product: Product, dateKey: string, id: string) => `${changelogEntryPath(product, dateKey)}?${PREVIEW_PARAM}=${encodeURIComponent(id)}`
