import type { Where } from 'payload'

import { base62Id, relationId } from '../ids'
import { LISTED_STATUSES } from '../projectStatus'
import type { DonationPlatform, Image, License, Project } from '../../payload-types'
import { imagesByIds, galleriesOf } from './images'
import { listingVersionSummaries, type VersionSummary } from './versions'
import { gameVersionOrder } from './tags'
import { as, isLookupKey, type Viewer } from './viewer'

const read = { depth: 0, joins: false } as const

/** Project ids are 8 base62 characters; slugs are stored lower-case. */
const idOrSlugWhere = (keys: string[]): Where => ({
  or: [{ id: { in: keys } }, { slug: { in: [...new Set(keys.map((k) => k.toLowerCase()))] } }],
})

/** One project by id or slug, as the viewer may see it; null when unknown or hidden from them. */
export async function getProjectByIdOrSlug(viewer: Viewer, idOrSlug: string): Promise<Project | null> {
  const key = idOrSlug.trim()
  if (!isLookupKey(key)) return null
  const { docs } = await viewer.payload.find({ collection: 'projects', where: idOrSlugWhere([key]), limit: 2, pagination: false, ...read, ...as(viewer) })
  // An exact id wins over another project's slug.
  return docs.find((d) => d.id === key) ?? docs[0] ?? null
}

/** Several projects by id or slug, in the order asked; unknown and hidden ones are left out. */
export async function getProjectsByIdsOrSlugs(viewer: Viewer, keys: string[]): Promise<Project[]> {
  const wanted = [...new Set(keys.map((k) => k.trim()))]
  const found = await findProjectsByKeys(viewer, wanted)
  const out: Project[] = []
  const seen = new Set<string>()
  for (const key of wanted) {
    const doc = found.get(key)
    if (doc && !seen.has(doc.id)) {
      seen.add(doc.id)
      out.push(doc)
    }
  }
  return out
}

/**
 * Projects by id or slug in one query, by the key that found each (two keys may find one project);
 * unknown and hidden ones are left out. A key finds what `getProjectByIdOrSlug` would: an exact id
 * wins over another project's slug.
 */
export async function findProjectsByKeys(viewer: Viewer, keys: string[]): Promise<Map<string, Project>> {
  const wanted = [...new Set(keys)].filter(isLookupKey)
  const out = new Map<string, Project>()
  if (wanted.length === 0) return out
  const { docs } = await viewer.payload.find({ collection: 'projects', where: idOrSlugWhere(wanted), pagination: false, ...read, ...as(viewer) })
  const byId = new Map(docs.map((d) => [d.id, d]))
  const bySlug = new Map(docs.map((d) => [d.slug, d]))
  for (const key of wanted) {
    const doc = byId.get(key) ?? bySlug.get(key.toLowerCase())
    if (doc) out.set(key, doc)
  }
  return out
}

/** Projects by id, in no particular order (for ids that come from other documents). */
export async function getProjectsByIds(viewer: Viewer, ids: string[]): Promise<Project[]> {
  const unique = [...new Set(ids)].filter(isLookupKey)
  if (unique.length === 0) return []
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { id: { in: unique } }, pagination: false, ...read, ...as(viewer) })
  return docs
}

/**
 * `count` random listed projects. Ids are random base62 strings, so the projects whose ids follow a
 * random point in the id space are a random sample (wrapping around at the end), found by index.
 */
export async function getRandomProjects(viewer: Viewer, count: number): Promise<Project[]> {
  const listed: Where = { status: { in: [...LISTED_STATUSES] } }
  const point = base62Id()
  const after = await viewer.payload.find({
    collection: 'projects', where: { and: [listed, { id: { greater_than_equal: point } }] }, sort: 'id', limit: count, pagination: false, ...read, ...as(viewer),
  })
  const docs = [...after.docs]
  if (docs.length < count) {
    const before = await viewer.payload.find({
      collection: 'projects', where: { and: [listed, { id: { less_than: point } }] }, sort: 'id', limit: count - docs.length, pagination: false, ...read, ...as(viewer),
    })
    docs.push(...before.docs)
  }
  // Neighbours in id order would always come out in the same order: shuffle them.
  for (let i = docs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[docs[i], docs[j]] = [docs[j], docs[i]]
  }
  return docs
}

/** The projects a user is an accepted team member of, as the viewer may see them. */
export async function getUserProjects(viewer: Viewer, userId: string): Promise<Project[]> {
  if (!isLookupKey(userId)) return []
  const memberships = await viewer.payload.find({
    collection: 'team-members',
    where: { and: [{ user: { equals: userId } }, { accepted: { equals: true } }] },
    pagination: false,
    depth: 0,
    select: { team: true },
    ...as(viewer),
  })
  const teams = [...new Set(memberships.docs.map((m) => relationId(m.team)).filter((t): t is string => !!t))]
  if (teams.length === 0) return []
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { team: { in: teams } }, sort: '-published', pagination: false, ...read, ...as(viewer) })
  return docs
}

export type DonationLink = { platform: string; platformName: string; url: string }

/** Everything about a project that lives in other documents, as the viewer may see it. */
export type ProjectDetails = {
  project: Project
  /** Versions shown in the project's listings (see `listingVersionSummaries`), oldest first. */
  versions: VersionSummary[]
  /** Loaders and game versions of those versions (game versions oldest first). */
  loaders: string[]
  gameVersions: string[]
  icon: Image | null
  gallery: Image[]
  license: License | null
  donationLinks: DonationLink[]
}

/** Loads the related documents of many projects with one query per kind. */
export async function getProjectDetails(viewer: Viewer, projects: Project[]): Promise<ProjectDetails[]> {
  if (projects.length === 0) return []
  const iconIds = projects.map((p) => relationId(p.icon)).filter((id): id is string => !!id)
  const licenseIds = [...new Set(projects.map((p) => relationId(p.license)).filter((id): id is string => !!id))]
  const platformIds = [...new Set(projects.flatMap((p) => (p.donationUrls ?? []).map((d) => relationId(d.platform))).filter((id): id is string => !!id))]
  const [versions, icons, galleries, licenses, platforms] = await Promise.all([
    listingVersionSummaries(viewer, projects),
    imagesByIds(viewer, iconIds),
    galleriesOf(viewer, projects.map((p) => p.id)),
    licenseIds.length
      ? viewer.payload.find({ collection: 'licenses', where: { id: { in: licenseIds } }, pagination: false, depth: 0, select: { name: true }, ...as(viewer) }).then((r) => r.docs as License[])
      : Promise.resolve([] as License[]),
    platformIds.length
      ? viewer.payload.find({ collection: 'donation-platforms', where: { id: { in: platformIds } }, pagination: false, depth: 0, ...as(viewer) }).then((r) => r.docs as DonationPlatform[])
      : Promise.resolve([] as DonationPlatform[]),
  ])
  const allGameVersions = [...new Set([...versions.values()].flat().flatMap((v) => v.gameVersions))]
  const order = await gameVersionOrder(viewer, allGameVersions)
  const licenseById = new Map(licenses.map((l) => [l.id, l]))
  const platformById = new Map(platforms.map((p) => [p.id, p]))
  return projects.map((project) => {
    const own = versions.get(project.id) ?? []
    const loaders = [...new Set(own.flatMap((v) => v.loaders))].sort()
    const gameVersions = [...new Set(own.flatMap((v) => v.gameVersions))].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
    const licenseId = relationId(project.license)
    return {
      project,
      versions: own,
      loaders,
      gameVersions,
      icon: icons.get(relationId(project.icon) ?? '') ?? null,
      gallery: galleries.get(project.id) ?? [],
      license: licenseId ? (licenseById.get(licenseId) ?? null) : null,
      donationLinks: (project.donationUrls ?? []).map((d) => {
        const platform = relationId(d.platform) ?? 'other'
        return { platform, platformName: platformById.get(platform)?.name ?? platform, url: d.url }
      }),
    }
  })
}
