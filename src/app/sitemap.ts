import type { MetadataRoute } from 'next'

import { newsPagesForSitemap, type SitemapPage } from '@/lib/data/newsSitemap'
import { listedProjectsForSitemap } from '@/lib/data/profile-pages'
import { env } from '@/lib/env'
import { projectTypeSearchPath, SITE_PROJECT_TYPES } from '@/lib/projectTypes'
import { projectPath } from '@/lib/search/displayType'

// Lists what is in the database now (the build has no database).
export const dynamic = 'force-dynamic'

const SEARCH_PAGES = SITE_PROJECT_TYPES.map(projectTypeSearchPath)
/** The product pages (the app, the premium plan, hosting). */
const PRODUCT_PAGES = ['/app', '/plus', '/servers'] as const

/**
 * `/sitemap.xml`: the home page, the six search pages, the product pages, news (articles, changelog), the legal pages,
 * and every listed project (approved or archived) at `/{displayed type}/{slug}`. A top-level metadata route: independent of both root
 * layouts ((frontend) and (payload)).
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env.siteUrl()
  const pages: MetadataRoute.Sitemap = [
    { url: `${base}/`, changeFrequency: 'daily', priority: 1 },
    ...SEARCH_PAGES.map((path) => ({ url: `${base}${path}`, changeFrequency: 'hourly' as const, priority: 0.8 })),
    ...PRODUCT_PAGES.map((path) => ({ url: `${base}${path}`, changeFrequency: 'weekly' as const, priority: 0.5 })),
  ]
  let newsPages: SitemapPage[] = [{ path: '/news' }]
  try {
    newsPages = await newsPagesForSitemap()
  } catch (error) {
    console.error('sitemap: could not read news and legal pages', error)
  }
  for (const p of newsPages) {
    pages.push({ url: `${base}${p.path}`, lastModified: p.lastModified ? new Date(p.lastModified) : undefined, changeFrequency: p.path.startsWith('/legal/') ? 'monthly' : 'daily', priority: 0.6 })
  }
  let projects: Awaited<ReturnType<typeof listedProjectsForSitemap>> = []
  try {
    projects = await listedProjectsForSitemap()
  } catch (error) {
    // Without a database the static pages are still worth listing.
    console.error('sitemap: could not read projects', error)
  }
  for (const p of projects) {
    const modified = p.updated ?? p.updatedAt
    pages.push({
      url: `${base}${projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id)}`,
      lastModified: modified ? new Date(modified) : undefined,
      changeFrequency: 'weekly',
      priority: 0.7,
    })
  }
  return pages
}
