import config from '@payload-config'
import { getPayload } from 'payload'
import { cache } from 'react'

import { currentViewer } from './currentViewer'
import { cachedRead, cachedReadByName, cacheKeys, cacheTags } from '../cache'
import { relationId } from '../ids'
import type { GameVersionTag } from '../format'
import { displayProjectType } from '../search/displayType'
import { siteRelativeUrl } from '../files/fileUrl'
import { newestFirst, versionUrlKeys } from '../project/versions'
import { PROJECT_ROUTE_SEGMENTS, type ProjectType } from '../projectTypes'
import type { Category, Image, Loader, Organization, Project, Version, VersionFile } from '../../payload-types'
import { getProjectByIdOrSlug, getProjectDetails, getProjectsByIds, type ProjectDetails } from './projects'
import { getTeamMembers, type TeamMemberDetails } from './teams'
import { imagesByIds } from './images'
import { avatarsOf } from './users'
import { getProjectVersion, getVersionsByIds, listProjectVersions } from './versions'
import { as, isInsider, viewerFor, type Viewer } from './viewer'

/**
 * Reads behind the public project and version pages. Everything goes through the shared domain
 * reads (`./projects`, `./versions`, …) as the signed-in visitor, with access enforced; what they may
 * not see comes back missing, and the page answers 404. Each loader is wrapped in React's `cache`,
 * so a page and its `generateMetadata` share one read per request; what an anonymous visitor sees
 * is also kept across requests (src/lib/cache), labelled with every document it shows.
 */

/** The first URL segments a project page answers on; `project` redirects to the typed URL. */
export const isProjectRouteType = (type: string): boolean => PROJECT_ROUTE_SEGMENTS.includes(type)

const rel = (url: string | null | undefined) => siteRelativeUrl(url)

export type TagInfo = { name: string; icon: string | null }

export type ProjectPageData = ProjectDetails & {
  /** The type the project is shown as (spec §2) and its page path, /{type}/{slug}. */
  displayType: ProjectType
  path: string
  iconUrl: string | null
  categories: Pick<Category, 'name' | 'header' | 'icon'>[]
  loaderTags: TagInfo[]
  members: TeamMemberDetails[]
  organization: (Organization & { iconUrl: string | null }) | null
  /** Team members and staff: may see hidden versions and the status badge. */
  insider: boolean
  following: boolean
}

/** A project page's project and everything its header and sidebar show; null when missing or hidden. */
export const loadProjectPage = cache(async (idOrSlug: string): Promise<ProjectPageData | null> => {
  const viewer = await currentViewer()
  let key = idOrSlug
  try {
    key = decodeURIComponent(idOrSlug)
  } catch {
    /* keep it as it came */
  }
  if (!viewer.user) return publicProjectPage(viewer, key)
  // A signed-in visitor who is not on the team (nor staff) sees what everyone sees, plus their own
  // follow state: the shared copy serves them too. Team members and staff read as themselves.
  const everyone = await publicProjectPage(await anonymousViewer(), key)
  if (everyone && !(await isInsider(viewer, everyone.project))) return { ...everyone, following: await isFollowing(viewer, everyone.project.id) }
  return readProjectPage(viewer, key)
})

const anonymousViewer = cache(async (): Promise<Viewer> => viewerFor(await getPayload({ config }), null))

const publicProjectPage = (anonymous: Viewer, key: string) =>
  cachedReadByName(anonymous, { key: cacheKeys.projectPage, alias: cacheKeys.projectPageName, idOf: (data) => data.project.id, tags: projectPageTags }, key, (name) => readProjectPage(anonymous, name))

/** Whether the viewer reads a project's pages as everyone does (anonymous, or neither team nor staff). */
const readsAsEveryone = async (viewer: Viewer, project: Project) => !viewer.user || !(await isInsider(viewer, project))

/** Every document a project page's data shows (the project covers its versions, files and images). */
function projectPageTags(data: ProjectPageData): string[] {
  const { project } = data
  return [
    cacheTags.project(project.id),
    cacheTags.tags,
    ...[relationId(project.team)].filter((t): t is string => !!t).map(cacheTags.team),
    ...(data.organization ? [cacheTags.organization(data.organization.id)] : []),
    ...data.members.map((m) => cacheTags.user(m.user.id)),
  ]
}

async function readProjectPage(viewer: Viewer, key: string): Promise<ProjectPageData | null> {
  const project = await getProjectByIdOrSlug(viewer, key)
  if (!project) return null
  const [[details], insider, members, organization, following] = await Promise.all([
    getProjectDetails(viewer, [project]),
    isInsider(viewer, project),
    loadMembers(viewer, project),
    loadOrganization(viewer, project),
    isFollowing(viewer, project.id),
  ])
  const displayType = displayProjectType(project.projectType, details.loaders.length ? details.loaders : (project.loaders ?? [])) as ProjectType
  const [categories, loaderTags] = await Promise.all([loadCategories(viewer, project), loadLoaderTags(viewer, details.loaders)])
  return {
    ...details,
    displayType,
    path: `/${displayType}/${encodeURIComponent(project.slug)}`,
    iconUrl: rel(details.icon?.sizes?.icon?.url ?? details.icon?.url),
    categories,
    loaderTags,
    members,
    organization,
    insider,
    following,
  }
}

async function loadMembers(viewer: Viewer, project: Project): Promise<TeamMemberDetails[]> {
  const team = relationId(project.team)
  if (!team) return []
  const members = (await getTeamMembers(viewer, [team])).get(team) ?? []
  return members.filter((m) => m.member.accepted)
}

async function loadOrganization(viewer: Viewer, project: Project): Promise<ProjectPageData['organization']> {
  const id = relationId(project.organization)
  if (!id) return null
  const { docs } = await viewer.payload.find({ collection: 'organizations', where: { id: { equals: id } }, limit: 1, pagination: false, depth: 0, ...as(viewer) })
  const org = docs[0]
  if (!org) return null
  const iconId = relationId(org.icon)
  const icon = iconId ? (await imagesByIds(viewer, [iconId])).get(iconId) : undefined
  return { ...org, iconUrl: rel(icon?.sizes?.icon?.url ?? icon?.url) }
}

async function isFollowing(viewer: Viewer, projectId: string): Promise<boolean> {
  if (!viewer.user) return false
  const { totalDocs } = await viewer.payload.count({
    collection: 'follows',
    where: { and: [{ user: { equals: viewer.user.id } }, { project: { equals: projectId } }] },
    ...as(viewer),
  })
  return totalDocs > 0
}

async function loadCategories(viewer: Viewer, project: Project): Promise<ProjectPageData['categories']> {
  const names = [...new Set(project.categories ?? [])]
  if (names.length === 0) return []
  const { docs } = await viewer.payload.find({
    collection: 'categories',
    where: { and: [{ name: { in: names } }, { projectType: { equals: project.projectType } }] },
    pagination: false,
    depth: 0,
    select: { name: true, header: true, icon: true },
    ...as(viewer),
  })
  const byName = new Map(docs.map((c) => [c.name, c]))
  return names.map((name) => byName.get(name) ?? { name, header: 'categories', icon: null })
}

async function loadLoaderTags(viewer: Viewer, loaders: string[]): Promise<TagInfo[]> {
  if (loaders.length === 0) return []
  const { docs } = await viewer.payload.find({ collection: 'loaders', where: { id: { in: loaders } }, pagination: false, depth: 0, select: { icon: true }, ...as(viewer) })
  const byId = new Map(docs.map((l: Pick<Loader, 'id' | 'icon'>) => [l.id, l]))
  return loaders.map((name) => ({ name, icon: byId.get(name)?.icon ?? null }))
}

/** Every game version tag, for collapsing lists into ranges and ordering them (public to all, so kept across requests). */
export const loadGameVersionTags = cache(async (): Promise<GameVersionTag[]> => {
  const viewer = await anonymousViewer()
  const tags = await cachedRead(viewer, { key: cacheKeys.gameVersions, tags: () => [cacheTags.tags] }, async () => {
    const { docs } = await viewer.payload.find({ collection: 'game-versions', sort: 'date', pagination: false, depth: 0, select: { versionType: true, date: true }, ...as(viewer) })
    return docs.map((g): GameVersionTag => ({ version: g.id, versionType: g.versionType, date: g.date }))
  })
  return tags ?? []
})

export type DisplayVersion = {
  id: string
  versionNumber: string
  name: string
  versionType: string
  status: string
  datePublished: string
  downloads: number
  gameVersions: string[]
  loaders: string[]
  changelog: string
  /** The page URL ending: number, or id when the number repeats. */
  urlKey: string
  primaryFile: { url: string | null; filename: string; size: number } | null
}

const ids = (values: readonly unknown[] | null | undefined): string[] => (values ?? []).map(relationId).filter((v): v is string => !!v)

/** The files of versions, by version id, oldest upload first. */
async function filesOf(viewer: Viewer, versionIds: string[]): Promise<Map<string, VersionFile[]>> {
  const out = new Map<string, VersionFile[]>(versionIds.map((id) => [id, []]))
  if (versionIds.length === 0) return out
  const { docs } = await viewer.payload.find({
    collection: 'version-files',
    where: { version: { in: versionIds } },
    sort: ['createdAt', 'id'],
    pagination: false,
    depth: 0,
    select: { version: true, primary: true, filename: true, filesize: true, url: true, sha1: true, sha512: true, fileType: true, createdAt: true },
    ...as(viewer),
  })
  for (const f of docs as VersionFile[]) out.get(relationId(f.version) ?? '')?.push(f)
  return out
}

/** One version's files as its edit page lists them. */
export async function loadVersionFiles(versionId: string): Promise<{ id: string; filename: string; size: number; primary: boolean; fileType: string | null }[]> {
  const files = (await filesOf(await currentViewer(), [versionId])).get(versionId) ?? []
  return files.map((f) => ({ id: f.id, filename: f.filename ?? '', size: f.filesize ?? 0, primary: !!f.primary, fileType: f.fileType ?? null }))
}

const primaryOf = (files: VersionFile[]): VersionFile | null => files.find((f) => f.primary) ?? files[0] ?? null

/** A project's versions as its listing shows them to the viewer, newest first, with their primary files. */
export const loadProjectVersions = cache(async (project: Project): Promise<DisplayVersion[]> => {
  const viewer = await currentViewer()
  if (!(await readsAsEveryone(viewer, project))) return readProjectVersions(viewer, project)
  const anonymous = await anonymousViewer()
  const versions = await cachedRead(anonymous, { key: cacheKeys.projectVersions(project.id), tags: () => [cacheTags.project(project.id)] }, () => readProjectVersions(anonymous, project))
  return versions ?? []
})

async function readProjectVersions(viewer: Viewer, project: Project): Promise<DisplayVersion[]> {
  const versions = await listProjectVersions(viewer, project)
  const files = await filesOf(viewer, versions.map((v) => v.id))
  const keys = versionUrlKeys(versions)
  return newestFirst(
    versions.map((v): DisplayVersion => {
      const primary = primaryOf(files.get(v.id) ?? [])
      return {
        id: v.id,
        versionNumber: v.versionNumber,
        name: v.name?.trim() || v.versionNumber,
        versionType: v.versionType ?? 'release',
        status: v.status ?? 'listed',
        datePublished: v.datePublished ?? v.createdAt,
        downloads: v.downloads ?? 0,
        gameVersions: ids(v.gameVersions),
        loaders: ids(v.loaders),
        changelog: v.changelog ?? '',
        urlKey: keys.get(v.id) ?? v.id,
        primaryFile: primary ? { url: rel(primary.url), filename: primary.filename ?? 'file', size: primary.filesize ?? 0 } : null,
      }
    }),
  )
}

export type DependencyView = {
  dependencyType: 'required' | 'optional' | 'incompatible' | 'embedded'
  project: (Pick<Project, 'id' | 'slug' | 'title' | 'projectType'> & { path: string; iconUrl: string | null }) | null
  version: Pick<Version, 'id' | 'versionNumber'> | null
  fileName: string | null
}

export type VersionPageData = {
  version: Version
  files: VersionFile[]
  dependencies: DependencyView[]
  author: { id: string; username: string; avatarUrl: string | null } | null
}

/** One version of a project by number or id (unlisted ones by link too) and what its page shows. */
export const loadVersionPage = cache(async (project: Project, key: string): Promise<VersionPageData | null> => {
  const viewer = await currentViewer()
  let wanted = key
  try {
    wanted = decodeURIComponent(key)
  } catch {
    /* keep it */
  }
  if (!(await readsAsEveryone(viewer, project))) return readVersionPage(viewer, project, wanted)
  const anonymous = await anonymousViewer()
  return cachedRead(anonymous, { key: cacheKeys.projectVersion(project.id, wanted), tags: (data) => versionPageTags(project.id, data) }, () => readVersionPage(anonymous, project, wanted))
})

/** Every document a version page shows: its project, the projects it depends on, its author. */
function versionPageTags(projectId: string, data: VersionPageData): string[] {
  const projects = [projectId, ...data.dependencies.map((d) => d.project?.id).filter((p): p is string => !!p)]
  return [...projects.map(cacheTags.project), ...(data.author ? [cacheTags.user(data.author.id)] : [])]
}

async function readVersionPage(viewer: Viewer, project: Project, wanted: string): Promise<VersionPageData | null> {
  let version = await getProjectVersion(viewer, project, wanted)
  if (!version) {
    // Unlisted versions are not in the listing but open by id for anyone with the link.
    const [byId] = await getVersionsByIds(viewer, [wanted])
    if (byId && relationId(byId.project) === project.id && byId.status === 'unlisted') version = byId
  }
  if (!version) return null
  const [files, dependencies, author] = await Promise.all([
    filesOf(viewer, [version.id]).then((m) => m.get(version.id) ?? []),
    loadDependencies(viewer, version),
    loadAuthor(viewer, relationId(version.author)),
  ])
  return { version, files: files.map((f) => ({ ...f, url: rel(f.url) })), dependencies, author }
}

async function loadDependencies(viewer: Viewer, version: Version): Promise<DependencyView[]> {
  const deps = version.dependencies ?? []
  if (deps.length === 0) return []
  const versions = await getVersionsByIds(viewer, deps.map((d) => relationId(d.version)).filter((v): v is string => !!v))
  const versionById = new Map(versions.map((v) => [v.id, v]))
  const projectIds = deps.map((d) => relationId(d.project) ?? relationId(versionById.get(relationId(d.version) ?? '')?.project)).filter((p): p is string => !!p)
  const projects = await getProjectsByIds(viewer, projectIds)
  const projectById = new Map(projects.map((p) => [p.id, p]))
  const icons = await imagesByIds(viewer, projects.map((p) => relationId(p.icon)).filter((i): i is string => !!i))
  return deps.map((d) => {
    const v = versionById.get(relationId(d.version) ?? '') ?? null
    const p = projectById.get(relationId(d.project) ?? relationId(v?.project) ?? '') ?? null
    const icon: Image | undefined = p ? icons.get(relationId(p.icon) ?? '') : undefined
    return {
      dependencyType: d.dependencyType,
      project: p
        ? {
            id: p.id,
            slug: p.slug,
            title: p.title,
            projectType: p.projectType,
            path: `/${displayProjectType(p.projectType, p.loaders ?? [])}/${encodeURIComponent(p.slug)}`,
            iconUrl: rel(icon?.sizes?.icon?.url ?? icon?.url),
          }
        : null,
      version: v ? { id: v.id, versionNumber: v.versionNumber } : null,
      fileName: d.fileName ?? null,
    }
  })
}

async function loadAuthor(viewer: Viewer, userId: string | null): Promise<VersionPageData['author']> {
  if (!userId) return null
  const { docs } = await viewer.payload.find({ collection: 'users', where: { id: { equals: userId } }, limit: 1, pagination: false, depth: 0, ...as(viewer) })
  const user = docs[0]
  if (!user) return null
  const avatar = (await avatarsOf(viewer, [user])).get(user.id)
  return { id: user.id, username: user.username, avatarUrl: rel(avatar?.sizes?.icon?.url ?? avatar?.url) }
}

/** Site-relative URL of an image (gallery items, icons). */
export const imageUrl = (image: Image | null | undefined, size: 'icon' | 'card' | 'large' | 'full' = 'full'): string | null =>
  rel(size === 'full' ? image?.url : (image?.sizes?.[size]?.url ?? image?.url))
