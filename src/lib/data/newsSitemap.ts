import config from '@payload-config'
import { getPayload } from 'payload'

import { legalHref, type LegalSlug } from '../legal'
import { CHANGELOG_PATH, NEWS_PATH, newsArticlePath } from '../news/paths'
import { listLegalPagesForSitemap, listPublishedNews } from './news'
import { viewerFor } from './viewer'

export type SitemapPage = { path: string; lastModified?: string }

/** Published articles (all of them) and the legal pages that exist, as an anonymous visitor sees them. */
export async function newsPagesForSitemap(): Promise<SitemapPage[]> {
  const viewer = await viewerFor(await getPayload({ config }), null)
  const [{ articles }, legal] = await Promise.all([listPublishedNews(viewer, 1, 1000), listLegalPagesForSitemap(viewer)])
  return [
    { path: NEWS_PATH },
    { path: CHANGELOG_PATH },
    ...articles.map((a) => ({ path: newsArticlePath(a.slug), lastModified: a.updatedAt })),
    ...legal.map((p) => ({ path: legalHref(p.slug as LegalSlug), lastModified: p.updatedAt })),
  ]
}
