import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'

import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { isProjectRouteType, loadProjectPage, type ProjectPageData } from '@/lib/data/page-project'
import { projectFeedPath } from '@/lib/news/paths'
import { isHidden, isListed } from '@/lib/projectStatus'

export type ProjectRouteParams = { type: string; id: string }
export type SearchParams = Record<string, string | string[] | undefined>
export type ProjectRouteProps = { params: Promise<ProjectRouteParams>; searchParams: Promise<SearchParams> }

/** Next's searchParams as a query string ("" or "?a=b"). */
export function queryString(raw: SearchParams): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(raw)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v)
  const s = params.toString()
  return s ? `?${s}` : ''
}

export const firstParam = (raw: SearchParams, key: string): string | null => {
  const v = raw[key]
  return (Array.isArray(v) ? v[0] : v) ?? null
}
export const allParams = (raw: SearchParams, key: string): string[] => {
  const v = raw[key]
  return Array.isArray(v) ? v : v === undefined ? [] : [v]
}

/**
 * The project of a /{type}/{id}/… page as the visitor may see it: 404 when the type segment is not a
 * project type or the project is missing or hidden; a redirect to /{displayed type}/{slug}/… when the
 * URL names the wrong type (or /project/…, or an id or differently-cased slug).
 */
export async function resolveProject(params: ProjectRouteParams, searchParams: SearchParams, subpath = ''): Promise<ProjectPageData> {
  if (!isProjectRouteType(params.type)) notFound()
  const data = await loadProjectPage(params.id)
  if (!data) notFound()
  let id = params.id
  try {
    id = decodeURIComponent(params.id)
  } catch {
    /* as it came */
  }
  if (params.type !== data.displayType || id !== data.project.slug) {
    redirect(`${data.path}${subpath}${queryString(searchParams)}`)
  }
  return data
}

/** Metadata of a project route: the project's title, summary and icon (OpenGraph too), or the project 404's. */
export async function projectMetadata(params: ProjectRouteParams, title?: (data: ProjectPageData) => string, subpath = ''): Promise<Metadata> {
  if (!isProjectRouteType(params.type)) return notFoundMetadata('project')
  const data = await loadProjectPage(params.id)
  if (!data) return notFoundMetadata('project')
  const { project } = data
  const pageTitle = title ? title(data) : project.title
  const images = data.iconUrl ? [{ url: data.iconUrl, alt: project.title }] : undefined
  return {
    title: pageTitle,
    description: project.summary,
    alternates: {
      canonical: `${data.path}${subpath}`,
      // The feed of new versions, for projects the public can see (a hidden project has none).
      types: isHidden(project.status ?? '')
        ? undefined
        : { 'application/rss+xml': projectFeedPath(data.path, 'rss'), 'application/atom+xml': projectFeedPath(data.path, 'atom') },
    },
    openGraph: { title: pageTitle, description: project.summary, url: `${data.path}${subpath}`, type: 'website', images },
    twitter: { card: 'summary', title: pageTitle, description: project.summary, images: data.iconUrl ? [data.iconUrl] : undefined },
    robots: isListed(data.project.status ?? '') ? undefined : { index: false },
  }
}
