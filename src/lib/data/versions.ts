import type { Where } from 'payload'

import { relationId } from '../ids'
import type { VersionStatus } from '../projectStatus'
import type { Project, Version, VersionFile } from '../../payload-types'
import { findVisible } from './visible'
import { isInsider, isLookupKey, type Viewer } from './viewer'

/*
 * Version reads go through `findVisible`: the versions collection has no field read rules or read
 * hooks, so it gives the Local API's documents for the viewer without the per-field traversal.
 */

/**
 * Versions that appear in a project's listings (its version list, `versions`, dependencies and
 * update checks) for everyone. Unlisted versions are reachable by id or file hash only; drafts and
 * scheduled versions only by the project's team and staff.
 */
export const LISTING_VERSION_STATUSES: readonly VersionStatus[] = ['listed', 'archived']
const isListingStatus = (status: string | null | undefined) => (LISTING_VERSION_STATUSES as readonly string[]).includes(status ?? '')

export type VersionType = 'release' | 'beta' | 'alpha'

/** What a project listing needs to know about each of its versions. */
export type VersionSummary = {
  id: string
  project: string
  status: string
  versionType: string
  featured: boolean
  datePublished: string
  loaders: string[]
  gameVersions: string[]
}

const ids = (values: readonly unknown[] | null | undefined): string[] => (values ?? []).map(relationId).filter((v): v is string => !!v)
const published = (v: { datePublished?: string | null; createdAt: string }) => v.datePublished ?? v.createdAt

/** Whether the viewer may see hidden versions of each project (team members and staff). */
async function insidersOf(viewer: Viewer, projects: Project[]): Promise<Set<string>> {
  const out = new Set<string>()
  if (!viewer.user) return out
  for (const p of projects) if (await isInsider(viewer, p)) out.add(p.id)
  return out
}

/** Per project, the versions the viewer sees in its listings, oldest first. */
export async function listingVersionSummaries(viewer: Viewer, projects: Project[]): Promise<Map<string, VersionSummary[]>> {
  const out = new Map<string, VersionSummary[]>(projects.map((p) => [p.id, []]))
  if (projects.length === 0) return out
  const insiders = await insidersOf(viewer, projects)
  const where: Where = insiders.size === 0
    ? { and: [{ project: { in: projects.map((p) => p.id) } }, { status: { in: [...LISTING_VERSION_STATUSES] } }] }
    : { project: { in: projects.map((p) => p.id) } }
  const docs = await findVisible(viewer, 'versions', {
    where,
    sort: ['datePublished', 'createdAt'],
    select: { project: true, status: true, versionType: true, featured: true, datePublished: true, loaders: true, gameVersions: true, createdAt: true },
  })
  for (const v of docs) {
    const project = relationId(v.project)
    if (!project || !out.has(project)) continue
    if (!isListingStatus(v.status) && !insiders.has(project)) continue
    out.get(project)!.push({
      id: v.id,
      project,
      status: v.status ?? 'listed',
      versionType: v.versionType ?? 'release',
      featured: !!v.featured,
      datePublished: published(v),
      loaders: ids(v.loaders),
      gameVersions: ids(v.gameVersions),
    })
  }
  return out
}

/** One version by id, as the viewer may see it (unlisted versions included: they have a link). */
export async function getVersion(viewer: Viewer, id: string): Promise<Version | null> {
  if (!isLookupKey(id)) return null
  const [version] = await findVisible(viewer, 'versions', { where: { id: { equals: id } }, sort: 'id' })
  return version ?? null
}

/** Versions by id, in the order asked; unknown and hidden ones are left out. */
export async function getVersionsByIds(viewer: Viewer, versionIds: string[]): Promise<Version[]> {
  const unique = [...new Set(versionIds)].filter(isLookupKey)
  if (unique.length === 0) return []
  const docs = await findVisible(viewer, 'versions', { where: { id: { in: unique } }, sort: 'id' })
  const byId = new Map(docs.map((d) => [d.id, d]))
  return unique.map((id) => byId.get(id)).filter((v): v is Version => !!v)
}

export type VersionFilter = {
  loaders?: string[]
  gameVersions?: string[]
  versionTypes?: VersionType[]
  featured?: boolean
}

function filterWhere(filter: VersionFilter): Where[] {
  const and: Where[] = []
  if (filter.loaders?.length) and.push({ loaders: { in: filter.loaders } })
  if (filter.gameVersions?.length) and.push({ gameVersions: { in: filter.gameVersions } })
  if (filter.versionTypes?.length) and.push({ versionType: { in: filter.versionTypes } })
  if (filter.featured !== undefined) and.push({ featured: { equals: filter.featured } })
  return and
}

/** A project's versions in its listing that match the filter, newest first. */
export async function listProjectVersions(viewer: Viewer, project: Project, filter: Omit<VersionFilter, 'featured'> = {}): Promise<Version[]> {
  const insider = await isInsider(viewer, project)
  const and: Where[] = [{ project: { equals: project.id } }, ...filterWhere(filter)]
  if (!insider) and.push({ status: { in: [...LISTING_VERSION_STATUSES] } })
  return findVisible(viewer, 'versions', { where: { and }, sort: ['-datePublished', '-createdAt'] })
}

/**
 * A version of a project by id or version number, among the project's listing. When several
 * versions share the number, the oldest one (as Modrinth does).
 */
export async function getProjectVersion(viewer: Viewer, project: Project, idOrNumber: string): Promise<Version | null> {
  if (!isLookupKey(idOrNumber)) return null
  const insider = await isInsider(viewer, project)
  const and: Where[] = [{ project: { equals: project.id } }, { or: [{ id: { equals: idOrNumber } }, { versionNumber: { equals: idOrNumber } }] }]
  if (!insider) and.push({ status: { in: [...LISTING_VERSION_STATUSES] } })
  const docs = await findVisible(viewer, 'versions', { where: { and }, sort: ['datePublished', 'createdAt'] })
  return docs.find((v) => v.id === idOrNumber) ?? docs[0] ?? null
}

/**
 * The newest listed version of each project that matches the filter (any of the loaders, any of the
 * game versions, any of the version types; a missing or empty list does not filter): what an update
 * check offers. Project id → version id.
 */
export async function getLatestVersionIds(viewer: Viewer, projectIds: string[], filter: VersionFilter = {}): Promise<Map<string, string>> {
  const latest = new Map<string, string>()
  const unique = [...new Set(projectIds)]
  if (unique.length === 0) return latest
  const candidates = await findVisible(viewer, 'versions', {
    where: { and: [{ project: { in: unique } }, { status: { in: [...LISTING_VERSION_STATUSES] } }, ...filterWhere(filter)] },
    sort: ['-datePublished', '-createdAt'],
    select: { project: true },
  })
  for (const v of candidates) {
    const project = relationId(v.project)
    if (project && !latest.has(project)) latest.set(project, v.id)
  }
  return latest
}

/** The project of each version the viewer may see. Version id → project id. */
export async function getVersionProjectIds(viewer: Viewer, versionIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(versionIds)]
  if (unique.length === 0) return new Map()
  const docs = await findVisible(viewer, 'versions', { where: { id: { in: unique } }, select: { project: true }, sort: 'id' })
  return new Map(docs.map((v) => [v.id, relationId(v.project)!]))
}

export type HashAlgorithm = 'sha1' | 'sha512'

/**
 * The files the viewer may see with these hashes (lower-case hex): id, version, filename and the
 * hash. When one hash belongs to several files, the oldest upload is kept (optionally only files of
 * `versionId`).
 */
export async function getFilesByHashes(viewer: Viewer, algorithm: HashAlgorithm, hashes: string[], versionId?: string): Promise<Map<string, VersionFile>> {
  const out = new Map<string, VersionFile>()
  const unique = [...new Set(hashes)]
  if (unique.length === 0) return out
  const and: Where[] = [{ [algorithm]: { in: unique } }]
  if (versionId) and.push({ version: { equals: versionId } })
  const docs = await findVisible(viewer, 'version-files', { where: { and }, select: { version: true, [algorithm]: true, filename: true, filesize: true, createdAt: true }, sort: ['createdAt', 'id'] })
  for (const f of docs) {
    const hash = f[algorithm]
    if (hash && !out.has(hash)) out.set(hash, f as VersionFile)
  }
  return out
}
