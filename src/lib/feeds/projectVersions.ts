import { Feed } from 'feed'
import type { Payload } from 'payload'

import { getProjectByIdOrSlug } from '../data/projects'
import { listProjectVersions } from '../data/versions'
import { viewerFor } from '../data/viewer'
import { env } from '../env'
import { renderMarkdown } from '../markdown'
import { projectFeedPath } from '../news/paths'
import { isProjectRouteType } from '../data/page-project'
import { displayProjectType } from '../search/displayType'

/** Versions in a project's feed: readers poll, the newest are enough. */
export const PROJECT_FEED_SIZE = 20

const absolute = (path: string) => `${env.siteUrl()}${path}`

/**
 * A project's new versions as a feed (issue 16, "asked of Modrinth for years"), read as an anonymous
 * visitor: a project the public cannot see has no feed (null → 404), and only listed versions show.
 */
export async function projectVersionsFeed(payload: Payload, type: string, idOrSlug: string): Promise<Feed | null> {
  if (!isProjectRouteType(type)) return null
  const viewer = await viewerFor(payload, null)
  const project = await getProjectByIdOrSlug(viewer, idOrSlug)
  if (!project) return null
  const versions = (await listProjectVersions(viewer, project)).slice(0, PROJECT_FEED_SIZE)
  const display = displayProjectType(project.projectType, project.loaders ?? [])
  const page = `/${display}/${encodeURIComponent(project.slug)}`
  const feed = new Feed({
    id: absolute(page),
    title: `${project.title} — new versions`,
    description: project.summary,
    link: absolute(page),
    language: 'en',
    favicon: absolute('/icon.svg'),
    copyright: 'Each project’s own license applies.',
    updated: versions[0] ? new Date(versions[0].datePublished ?? versions[0].createdAt) : new Date(project.updatedAt),
    feedLinks: { rss: absolute(projectFeedPath(page, 'rss')), atom: absolute(projectFeedPath(page, 'atom')) },
  })
  for (const v of versions) {
    const link = absolute(`${page}/version/${encodeURIComponent(v.id)}`)
    feed.addItem({
      id: link,
      link,
      title: `${project.title} ${v.versionNumber}${v.name && v.name !== v.versionNumber ? ` — ${v.name}` : ''}`,
      description: `${v.versionType ?? 'release'} for ${(v.gameVersions ?? []).map(String).join(', ')} (${(v.loaders ?? []).map(String).join(', ')})`,
      content: v.changelog ? renderMarkdown(v.changelog, { siteOrigin: null }) : undefined,
      date: new Date(v.datePublished ?? v.createdAt),
    })
  }
  return feed
}
