/**
 * Reads of the public profile pages: user, organization and collection. Every read goes through
 * the Local API as the visitor (`as(viewer)`: `overrideAccess: false` and their user), so what a
 * visitor may not see is simply not there and the page answers 404.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { cachedReadByName, cacheKeys, cacheTags } from '../cache'
import { FOLLOWING_ID } from '../collections/rules'
import { siteRelativeUrl } from '../files/fileUrl'
import { relationId } from '../ids'
import { LISTED_STATUSES } from '../projectStatus'
import { projectTotals, projectsShownTo, sortForProfile } from '../profile/projects'
import type { Image, Organization, Project, TeamMember, User, UserCollection } from '../../payload-types'
import { imagesByIds } from './images'
import { getUserProjects } from './projects'
import { avatarsOf, getUserByIdOrUsername } from './users'
import { as, isViewerStaff, type Viewer } from './viewer'

const read = { depth: 0, pagination: false } as const
/** Projects and organizations have join fields; the pages need none of them. */
const noJoins = { joins: false } as const


/** Payload makes upload URLs absolute with SITE_URL; our own files are linked root-relative so any host works. */
export function imageUrl(image: Image | null | undefined, size: 'icon' | 'full' = 'icon'): string | null {
  if (!image) return null
  const url = (size === 'icon' ? image.sizes?.icon?.url : null) || image.url
  return siteRelativeUrl(url)
}

/** A project as the profile listings show it. */
export type ProfileProject = {
  id: string
  slug: string
  title: string
  summary: string
  projectType: string
  loaders: string[]
  status: string
  downloads: number
  followers: number
  iconUrl: string | null
  updated: string | null
}

async function toProfileProjects(viewer: Viewer, projects: Project[]): Promise<ProfileProject[]> {
  const icons = await imagesByIds(viewer, projects.map((p) => relationId(p.icon)).filter((id): id is string => !!id))
  return sortForProfile(
    projects.map((p) => ({
      id: p.id,
      slug: p.slug ?? p.id,
      title: p.title,
      summary: p.summary,
      projectType: p.projectType,
      loaders: p.loaders ?? [],
      status: p.status ?? 'draft',
      downloads: p.downloads ?? 0,
      followers: p.followers ?? 0,
      iconUrl: imageUrl(icons.get(relationId(p.icon) ?? '')),
      updated: p.updated ?? p.updatedAt ?? null,
    })),
  )
}

export type ProfileOrganization = { id: string; slug: string; name: string; iconUrl: string | null }

async function toProfileOrganizations(viewer: Viewer, orgs: Organization[]): Promise<ProfileOrganization[]> {
  const icons = await imagesByIds(viewer, orgs.map((o) => relationId(o.icon)).filter((id): id is string => !!id))
  return orgs
    .map((o) => ({ id: o.id, slug: o.slug ?? o.id, name: o.name, iconUrl: imageUrl(icons.get(relationId(o.icon) ?? '')) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

export type ProfileCollectionSummary = {
  id: string
  name: string
  summary: string | null
  visibility: 'public' | 'unlisted' | 'private'
  projectCount: number
  iconUrl: string | null
}

export type UserProfile = {
  user: User
  avatarUrl: string | null
  /** The visitor is this user. */
  isSelf: boolean
  /** The visitor sees hidden projects (the user themself or staff). */
  seesHidden: boolean
  organizations: ProfileOrganization[]
  collections: ProfileCollectionSummary[]
  projects: ProfileProject[]
  totals: { downloads: number; followers: number }
  /** The teams the user is on (a project joining or leaving one changes the page). */
  teamIds: string[]
}

/**
 * A user's profile by id or username; null when there is no such user. What an anonymous visitor
 * sees is kept across requests (src/lib/cache), labelled with the user, their teams, organizations
 * and shown projects.
 */
export async function getUserProfile(viewer: Viewer, idOrUsername: string): Promise<UserProfile | null> {
  return cachedReadByName(viewer, { key: cacheKeys.userPage, alias: cacheKeys.userPageName, idOf: (p) => p.user.id, tags: userProfileTags }, idOrUsername, (name) => readUserProfile(viewer, name))
}

const userProfileTags = (p: UserProfile) => [
  cacheTags.user(p.user.id),
  ...p.teamIds.map(cacheTags.team),
  ...p.organizations.map((o) => cacheTags.organization(o.id)),
  ...p.projects.map((project) => cacheTags.project(project.id)),
]

async function readUserProfile(viewer: Viewer, idOrUsername: string): Promise<UserProfile | null> {
  const user = await getUserByIdOrUsername(viewer, idOrUsername)
  if (!user) return null
  const isSelf = viewer.user?.id === user.id
  const seesHidden = isSelf || isViewerStaff(viewer)

  const [avatars, projects, memberships, collections] = await Promise.all([
    avatarsOf(viewer, [user]),
    getUserProjects(viewer, user.id),
    viewer.payload.find({ collection: 'team-members', where: { and: [{ user: { equals: user.id } }, { accepted: { equals: true } }] }, select: { team: true }, ...read, ...as(viewer) }),
    viewer.payload.find({
      collection: 'user-collections',
      // Others see the public ones; the owner sees all of their own.
      where: isSelf ? { owner: { equals: user.id } } : { and: [{ owner: { equals: user.id } }, { visibility: { equals: 'public' } }] },
      sort: '-updatedAt',
      ...read,
      ...as(viewer),
    }),
  ])
  const teams = [...new Set(memberships.docs.map((m) => relationId(m.team)).filter((t): t is string => !!t))]
  const orgs = teams.length ? (await viewer.payload.find({ collection: 'organizations', where: { team: { in: teams } }, ...read, ...noJoins, ...as(viewer) })).docs : []
  const collectionIcons = await imagesByIds(viewer, collections.docs.map((c) => relationId(c.icon)).filter((id): id is string => !!id))
  const shown = projectsShownTo(projects, seesHidden)

  return {
    user,
    avatarUrl: imageUrl(avatars.get(user.id)),
    isSelf,
    seesHidden,
    organizations: await toProfileOrganizations(viewer, orgs),
    collections: collections.docs.map((c) => ({
      id: c.id,
      name: c.name,
      summary: c.summary ?? null,
      visibility: c.visibility ?? 'public',
      projectCount: c.projects?.length ?? 0,
      iconUrl: imageUrl(collectionIcons.get(relationId(c.icon) ?? '')),
    })),
    projects: await toProfileProjects(viewer, shown),
    // Totals count the projects the public sees, whoever is looking.
    totals: projectTotals(projectsShownTo(projects, false)),
    teamIds: teams,
  }
}

export type ProfileMember = { id: string; username: string; role: string; isOwner: boolean; avatarUrl: string | null }

export type OrganizationProfile = {
  organization: Organization
  iconUrl: string | null
  members: ProfileMember[]
  /** The visitor is an accepted member or staff (sees hidden projects). */
  seesHidden: boolean
  projects: ProfileProject[]
  totals: { downloads: number; followers: number }
}

/** An organization by slug or id; null when there is none (kept across requests for anonymous visitors). */
export async function getOrganizationProfile(viewer: Viewer, slugOrId: string): Promise<OrganizationProfile | null> {
  return cachedReadByName(viewer, { key: cacheKeys.organizationPage, alias: cacheKeys.organizationPageName, idOf: (p) => p.organization.id, tags: organizationProfileTags }, slugOrId, (name) => readOrganizationProfile(viewer, name))
}

const organizationProfileTags = (p: OrganizationProfile) => [
  cacheTags.organization(p.organization.id),
  ...[relationId(p.organization.team)].filter((t): t is string => !!t).map(cacheTags.team),
  ...p.members.map((m) => cacheTags.user(m.id)),
  ...p.projects.map((project) => cacheTags.project(project.id)),
]

async function readOrganizationProfile(viewer: Viewer, slugOrId: string): Promise<OrganizationProfile | null> {
  const key = slugOrId.trim()
  if (!key) return null
  const { docs } = await viewer.payload.find({
    collection: 'organizations',
    where: { or: [{ id: { equals: key } }, { slug: { equals: key.toLowerCase() } }] },
    limit: 2,
    ...read,
    ...noJoins,
    ...as(viewer),
  })
  const organization = docs.find((d) => d.id === key) ?? docs[0]
  if (!organization) return null
  const team = relationId(organization.team)

  const [icons, memberDocs, projects] = await Promise.all([
    imagesByIds(viewer, [relationId(organization.icon)].filter((id): id is string => !!id)),
    team
      ? viewer.payload.find({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { accepted: { equals: true } }] }, sort: ['ordering', 'createdAt'], ...read, ...as(viewer) }).then((r) => r.docs)
      : Promise.resolve([] as TeamMember[]),
    viewer.payload.find({ collection: 'projects', where: { organization: { equals: organization.id } }, ...read, ...noJoins, ...as(viewer) }).then((r) => r.docs),
  ])
  const userIds = [...new Set(memberDocs.map((m) => relationId(m.user)).filter((id): id is string => !!id))]
  const users = userIds.length ? (await viewer.payload.find({ collection: 'users', where: { id: { in: userIds } }, ...read, ...as(viewer) })).docs : []
  const avatars = await avatarsOf(viewer, users)
  const userById = new Map(users.map((u) => [u.id, u]))
  const members: ProfileMember[] = []
  for (const m of memberDocs) {
    const user = userById.get(relationId(m.user) ?? '')
    if (user) members.push({ id: user.id, username: user.username, role: m.role ?? 'Member', isOwner: !!m.isOwner, avatarUrl: imageUrl(avatars.get(user.id)) })
  }
  members.sort((a, b) => Number(b.isOwner) - Number(a.isOwner))
  const seesHidden = isViewerStaff(viewer) || (!!viewer.user && members.some((m) => m.id === viewer.user?.id))
  const shown = projectsShownTo(projects, seesHidden)

  return {
    organization,
    iconUrl: imageUrl(icons.get(relationId(organization.icon) ?? '')),
    members,
    seesHidden,
    projects: await toProfileProjects(viewer, shown),
    totals: projectTotals(projectsShownTo(projects, false)),
  }
}

export type CollectionPage = {
  collection: UserCollection
  iconUrl: string | null
  owner: { id: string; username: string; avatarUrl: string | null } | null
  isOwner: boolean
  projects: ProfileProject[]
  /** The automatic "Followed projects" collection (`/collection/following`): its owner's follows. */
  virtual?: 'following'
}

/** The viewer's followed projects as a private collection of theirs; nobody else has one to see. */
async function getFollowingPage(viewer: Viewer): Promise<CollectionPage | null> {
  const user = viewer.user
  if (!user) return null
  const follows = await viewer.payload.find({ collection: 'follows', where: { user: { equals: user.id } }, sort: '-createdAt', ...read, ...as(viewer) })
  const projectIds = [...new Set(follows.docs.map((f) => relationId(f.project)).filter((p): p is string => !!p))]
  const projects = projectIds.length
    ? (await viewer.payload.find({ collection: 'projects', where: { and: [{ id: { in: projectIds } }, { status: { in: [...LISTED_STATUSES] } }] }, ...read, ...noJoins, ...as(viewer) })).docs
    : []
  const avatars = await avatarsOf(viewer, [user])
  const newest = follows.docs[0]?.createdAt ?? user.createdAt
  const collection: UserCollection = { id: FOLLOWING_ID, name: '', owner: user.id, visibility: 'private', projects: projectIds, createdAt: user.createdAt, updatedAt: newest }
  return {
    collection,
    iconUrl: null,
    owner: { id: user.id, username: user.username, avatarUrl: imageUrl(avatars.get(user.id)) },
    isOwner: true,
    projects: await toProfileProjects(viewer, projects),
    virtual: 'following',
  }
}

/** A collection by id as the visitor may see it; null when unknown or private to someone else. */
export async function getCollectionPage(viewer: Viewer, id: string): Promise<CollectionPage | null> {
  const key = id.trim()
  if (!key) return null
  if (key === FOLLOWING_ID) return getFollowingPage(viewer)
  const { docs } = await viewer.payload.find({ collection: 'user-collections', where: { id: { equals: key } }, limit: 1, ...read, ...as(viewer) })
  const collection = docs[0]
  if (!collection) return null
  const ownerId = relationId(collection.owner)
  const projectIds = [...new Set((collection.projects ?? []).map((p) => relationId(p)).filter((p): p is string => !!p))]

  const [icons, owners, projects] = await Promise.all([
    imagesByIds(viewer, [relationId(collection.icon)].filter((i): i is string => !!i)),
    ownerId ? viewer.payload.find({ collection: 'users', where: { id: { equals: ownerId } }, limit: 1, ...read, ...as(viewer) }).then((r) => r.docs) : Promise.resolve([] as User[]),
    projectIds.length
      ? viewer.payload.find({ collection: 'projects', where: { and: [{ id: { in: projectIds } }, { status: { in: [...LISTED_STATUSES] } }] }, ...read, ...noJoins, ...as(viewer) }).then((r) => r.docs)
      : Promise.resolve([] as Project[]),
  ])
  const owner = owners[0] ?? null
  const avatars = owner ? await avatarsOf(viewer, [owner]) : new Map<string, Image>()
  return {
    collection,
    iconUrl: imageUrl(icons.get(relationId(collection.icon) ?? '')),
    owner: owner ? { id: owner.id, username: owner.username, avatarUrl: imageUrl(avatars.get(owner.id)) } : null,
    isOwner: !!viewer.user && viewer.user.id === ownerId,
    projects: await toProfileProjects(viewer, projects),
  }
}

/** Every listed project for the sitemap, read as an anonymous visitor. */
export async function listedProjectsForSitemap(): Promise<Array<Pick<Project, 'id' | 'slug' | 'projectType' | 'loaders' | 'updated' | 'updatedAt'>>> {
  const payload = await getPayload({ config })
  const { docs } = await payload.find({
    collection: 'projects',
    where: { status: { in: [...LISTED_STATUSES] } },
    select: { slug: true, projectType: true, loaders: true, updated: true, updatedAt: true },
    sort: '-downloads',
    limit: 50_000,
    depth: 0,
    overrideAccess: false,
  })
  return docs as Array<Pick<Project, 'id' | 'slug' | 'projectType' | 'loaders' | 'updated' | 'updatedAt'>>
}
