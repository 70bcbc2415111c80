import { Feed } from 'feed'
import type { Payload } from 'payload'

import type { Project } from '../../payload-types'
import { getCollectionPage } from '../data/profile-pages'
import { getUserProjects } from '../data/projects'
import { getUserByIdOrUsername } from '../data/users'
import { as, viewerFor, type Viewer } from '../data/viewer'
import { env } from '../env'
import { relationId } from '../ids'
import { renderMarkdown } from '../markdown'
import { projectsShownTo } from '../profile/projects'
import { displayProjectType } from '../search/displayType'
import { PROJECT_FEED_SIZE } from './projectVersions'

const absolute = (path: string) => `${env.siteUrl()}${path}`
const names = (values: readonly unknown[] | null | undefined) => (values ?? []).map((v) => relationId(v) ?? '').filter(Boolean).join(', ')

/** New versions of several projects, newest first, as one Atom feed (a collection's, a user's). */
async function versionsFeed(viewer: Viewer, meta: { title: string; description: string; page: string; self: string }, projects: Project[]): Promise<Feed> {
  const byId = new Map(projects.map((p) => [p.id, p]))
  const { docs: versions } = projects.length
    ? await viewer.payload.find({
        collection: 'versions',
        where: { and: [{ project: { in: [...byId.keys()] } }, { status: { equals: 'listed' } }] },
        sort: ['-datePublished', '-createdAt'],
        limit: PROJECT_FEED_SIZE,
        depth: 0,
        ...as(viewer),
      })
    : { docs: [] }
  const feed = new Feed({
    id: absolute(meta.page),
    title: meta.title,
    description: meta.description,
    link: absolute(meta.page),
    language: 'en',
    favicon: absolute('/icon.svg'),
    copyright: 'Each project’s own license applies.',
    updated: versions[0] ? new Date(versions[0].datePublished ?? versions[0].createdAt) : new Date(0),
    feedLinks: { atom: absolute(meta.self) },
  })
  for (const v of versions) {
    const project = byId.get(relationId(v.project) ?? '')
    if (!project) continue
    const page = `/${displayProjectType(project.projectType, project.loaders ?? [])}/${encodeURIComponent(project.slug ?? project.id)}`
    const link = absolute(`${page}/version/${encodeURIComponent(v.id)}`)
    feed.addItem({
      id: link,
      link,
      title: `${project.title} ${v.versionNumber}`,
      description: `${v.versionType ?? 'release'} for ${names(v.gameVersions)} (${names(v.loaders)})`,
      content: v.changelog ? renderMarkdown(v.changelog, { siteOrigin: null }) : undefined,
      date: new Date(v.datePublished ?? v.createdAt),
    })
  }
  return feed
}

/**
 * A collection's update feed: new versions of its projects, read as an anonymous visitor — a
 * private collection has none (null → 404); an unlisted one has one for whoever has its address.
 */
export async function collectionVersionsFeed(payload: Payload, id: string): Promise<Feed | null> {
  const viewer = await viewerFor(payload, null)
  const page = await getCollectionPage(viewer, id)
  if (!page || page.collection.visibility === 'private') return null
  const ids = page.projects.map((p) => p.id)
  const projects = ids.length ? (await payload.find({ collection: 'projects', where: { id: { in: ids } }, pagination: false, depth: 0, joins: false, ...as(viewer) })).docs : []
  const path = `/collection/${encodeURIComponent(page.collection.id)}`
  return versionsFeed(viewer, { title: `${page.collection.name} — new versions`, description: page.collection.summary || `New versions of the projects in ${page.collection.name}.`, page: path, self: `${path}/feed.atom` }, projects)
}

/** A user's update feed: new versions of the projects they are on the team of that anyone can see. */
export async function userVersionsFeed(payload: Payload, idOrUsername: string): Promise<Feed | null> {
  const viewer = await viewerFor(payload, null)
  const user = await getUserByIdOrUsername(viewer, idOrUsername)
  if (!user) return null
  const projects = projectsShownTo(await getUserProjects(viewer, user.id), false)
  const path = `/user/${encodeURIComponent(user.username)}`
  return versionsFeed(viewer, { title: `${user.username} — new versions`, description: `New versions of projects by ${user.username}.`, page: path, self: `${path}/feed.atom` }, projects)
}
