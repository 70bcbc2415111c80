import config from '@payload-config'
import { getPayload } from 'payload'

import { siteRelativeUrl } from '@/lib/files/fileUrl'
import type { Image } from '@/payload-types'
import { LISTED_STATUSES } from '@/lib/projectStatus'
import { searchProjects } from '@/plugins/search/service'

import { cacheKeys, cacheTags, markPageUncacheable, publicRead } from '../cache'

export type HomeProject = {
  id: string
  slug: string
  title: string
  summary: string
  projectType: string
  downloads: number
  followers: number
  iconUrl: string | null
}

export type HomeNews = { id: string; slug: string; title: string; summary: string; publishedAt: string | null }

function iconUrlOf(icon: unknown): string | null {
  if (!icon || typeof icon !== 'object') return null
  const image = icon as Partial<Image>
  const url = image.sizes?.icon?.url || image.url
  return siteRelativeUrl(url)
}

/**
 * The newest listed projects (approved or archived), newest first. Anonymous read through the
 * Local API with access control on; `null` when the database cannot be read (the page still renders).
 */
async function getNewestProjects(limit = 6): Promise<HomeProject[] | null> {
  try {
    const payload = await getPayload({ config })
    const { docs } = await payload.find({
      collection: 'projects',
      where: { status: { in: [...LISTED_STATUSES] } },
      sort: '-published',
      limit,
      pagination: false,
      depth: 1,
      overrideAccess: false,
      select: { slug: true, title: true, summary: true, projectType: true, downloads: true, followers: true, icon: true },
    })
    return docs.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      projectType: p.projectType,
      downloads: p.downloads ?? 0,
      followers: p.followers ?? 0,
      iconUrl: iconUrlOf(p.icon),
    }))
  } catch (error) {
    console.error('Home page: could not load the newest projects', error)
    return null
  }
}

/**
 * Featured on the home page: the listed projects downloaded most over the last 7 days (the search
 * index's trending sort, which holds only what everyone may see). `null` when search cannot answer.
 */
async function getFeaturedProjects(limit = 6): Promise<HomeProject[] | null> {
  try {
    const payload = await getPayload({ config })
    const { hits } = await searchProjects(payload, { text: '', filters: [], sort: 'trending', offset: 0, limit, facets: false })
    return hits.map((h) => ({
      id: h.project_id,
      slug: h.slug,
      title: h.title,
      summary: h.description,
      projectType: h.project_type,
      downloads: h.downloads,
      followers: h.follows,
      iconUrl: siteRelativeUrl(h.icon_url),
    }))
  } catch (error) {
    console.error('Home page: could not load the featured projects', error)
    return null
  }
}

/** The latest published news articles; empty when there are none or they cannot be read. */
async function getLatestNews(limit = 3): Promise<HomeNews[] | null> {
  try {
    const payload = await getPayload({ config })
    const { docs } = await payload.find({
      collection: 'news',
      where: { _status: { equals: 'published' }, publishedAt: { less_than_equal: new Date().toISOString() } },
      sort: '-publishedAt',
      limit,
      pagination: false,
      depth: 0,
      overrideAccess: false,
      select: { slug: true, title: true, summary: true, publishedAt: true },
    })
    return docs.map((n) => ({ id: n.id, slug: n.slug, title: n.title, summary: n.summary, publishedAt: n.publishedAt ?? null }))
  } catch (error) {
    console.error('Home page: could not load the latest news', error)
    return null
  }
}

/** When the next article already marked published goes live by its date (none: null). */
async function nextArticleAt(): Promise<number | null> {
  const payload = await getPayload({ config })
  const { docs } = await payload.find({
    collection: 'news',
    where: { _status: { equals: 'published' }, publishedAt: { greater_than: new Date().toISOString() } },
    sort: 'publishedAt',
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { publishedAt: true },
  })
  return docs[0]?.publishedAt ? Date.parse(docs[0].publishedAt) : null
}

export type HomeLists = { featured: HomeProject[] | null; newest: HomeProject[] | null; news: HomeNews[] }

/**
 * The home page's lists: the featured and newest projects (both what the search index holds, so the
 * `search` tag drops them) and the latest news (the `news` tag), kept for everyone until one changes
 * or the next article dated ahead goes live. A list that could not be read is shown as such and
 * nothing is kept.
 */
export async function homeLists(): Promise<HomeLists> {
  let failed: HomeLists | null = null
  const kept = await publicRead<HomeLists>(cacheKeys.homeLists, async () => {
    const [featured, newest, news, next] = await Promise.all([getFeaturedProjects(6), getNewestProjects(6), getLatestNews(3), nextArticleAt().catch(() => Date.now())])
    if (featured === null || newest === null || news === null) {
      failed = { featured, newest, news: news ?? [] }
      return null
    }
    return { value: { featured, newest, news }, tags: [cacheTags.search, cacheTags.news], expiresAt: next ?? undefined }
  })
  if (kept) return kept
  markPageUncacheable('the home page could not read a list')
  return failed ?? { featured: null, newest: null, news: [] }
}
