/**
 * Reads for the organization dashboard and settings pages, as the viewer (`overrideAccess: false`).
 */
import { organizationPermissionsOn } from '../../access/core/memberships'
import { canTransferOwnership } from '../../access/core/teamRights'
import { relationId } from '../ids'
import { organizationAbilities, type OrganizationAbilities } from '../organizations/rules'
import { displayProjectType } from '../search/displayType'
import type { Organization } from '../../payload-types'
import { imagesByIds } from './images'
import { imageUrl } from './profile-pages'
import { getTeamMembers } from './teams'
import { as, isLookupKey, isViewerStaff, type Viewer } from './viewer'

const noJoins = { joins: { projects: false } } as const

/** An organization by id or slug (slugs are stored lower-case); null when there is none. */
export async function getOrganizationByKey(viewer: Viewer, key: string): Promise<Organization | null> {
  const k = key.trim()
  if (!isLookupKey(k)) return null
  const { docs } = await viewer.payload.find({ collection: 'organizations', where: { or: [{ id: { equals: k } }, { slug: { equals: k.toLowerCase() } }] }, limit: 2, depth: 0, ...noJoins, ...as(viewer) })
  return docs.find((d) => d.id === k) ?? docs[0] ?? null
}

export type OrganizationSettings = {
  organization: Organization
  teamId: string
  iconUrl: string | null
  can: OrganizationAbilities & { transfer: boolean }
  /** The owner's username (deleting gives the projects to them). */
  ownerName: string
}

/** The organization as its settings show it: null (404) unless the viewer is an accepted member or staff. */
export async function getOrganizationSettings(viewer: Viewer, key: string): Promise<OrganizationSettings | null> {
  if (!viewer.user) return null
  const organization = await getOrganizationByKey(viewer, key)
  const teamId = relationId(organization?.team)
  if (!organization || !teamId) return null
  const members = (await getTeamMembers(viewer, [teamId])).get(teamId) ?? []
  const mine = members.find((m) => m.user.id === viewer.user?.id && m.member.accepted)
  if (!mine && !isViewerStaff(viewer)) return null
  const bits = await organizationPermissionsOn(viewer.req, organization.id)
  const icon = relationId(organization.icon)
  const icons = icon ? await imagesByIds(viewer, [icon]) : new Map()
  const owner = members.find((m) => m.member.isOwner)
  return {
    organization,
    teamId,
    iconUrl: imageUrl(icons.get(icon ?? '')),
    can: { ...organizationAbilities(bits), transfer: await canTransferOwnership(viewer.req, teamId) },
    ownerName: owner?.user.username ?? '',
  }
}

export type OrganizationMemberRow = {
  id: string
  userId: string
  username: string
  avatarUrl: string | null
  role: string
  organizationPermissions: number
  permissions: number
  accepted: boolean
  isOwner: boolean
}

/** The team with pending invitations, owner first. */
export async function getOrganizationMemberRows(viewer: Viewer, teamId: string): Promise<OrganizationMemberRow[]> {
  const rows = (await getTeamMembers(viewer, [teamId])).get(teamId) ?? []
  return rows
    .map(({ member, user, avatar }) => ({
      id: member.id,
      userId: user.id,
      username: user.username ?? user.id,
      avatarUrl: imageUrl(avatar),
      role: member.role ?? '',
      organizationPermissions: member.organizationPermissions ?? 0,
      permissions: member.permissions ?? 0,
      accepted: !!member.accepted,
      isOwner: !!member.isOwner,
    }))
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner))
}

export type ProjectRow = { id: string; title: string; slug: string; path: string; status: string }

const toRow = (p: { id: string; title: string; slug: string; projectType: string; loaders?: string[] | null; status?: string | null }): ProjectRow => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  path: `/${displayProjectType(p.projectType, p.loaders ?? [])}/${encodeURIComponent(p.slug)}`,
  status: p.status ?? 'draft',
})
const projectSelect = { title: true, slug: true, projectType: true, loaders: true, status: true } as const

/** The organization's projects the viewer can see. */
export async function getOrganizationProjects(viewer: Viewer, organizationId: string): Promise<ProjectRow[]> {
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { organization: { equals: organizationId } }, sort: 'title', pagination: false, depth: 0, select: projectSelect, ...as(viewer) })
  return docs.map(toRow)
}

/** Projects the viewer owns that are in no organization: the ones they may move in. */
export async function getMovableProjects(viewer: Viewer): Promise<ProjectRow[]> {
  if (!viewer.user) return []
  const { docs: owned } = await viewer.payload.find({
    collection: 'team-members',
    where: { and: [{ user: { equals: viewer.user.id } }, { isOwner: { equals: true } }, { accepted: { equals: true } }] },
    pagination: false, depth: 0, ...as(viewer),
  })
  const teams = owned.map((m) => relationId(m.team)).filter((t): t is string => !!t)
  if (!teams.length) return []
  const { docs } = await viewer.payload.find({
    collection: 'projects',
    where: { and: [{ team: { in: teams } }, { organization: { exists: false } }] },
    sort: 'title', pagination: false, depth: 0, select: projectSelect, ...as(viewer),
  })
  return docs.map(toRow)
}

export type DashboardOrganization = { id: string; slug: string; name: string; iconUrl: string | null; members: number; projects: number }
export type OrganizationInvitation = { organization: { id: string; slug: string; name: string }; role: string }

/** The viewer's organizations (accepted) with member and project counts, and their pending invitations. */
export async function getMyOrganizations(viewer: Viewer): Promise<{ organizations: DashboardOrganization[]; invitations: OrganizationInvitation[] }> {
  if (!viewer.user) return { organizations: [], invitations: [] }
  const { docs: rows } = await viewer.payload.find({ collection: 'team-members', where: { user: { equals: viewer.user.id } }, pagination: false, depth: 0, ...as(viewer) })
  const teamIds = rows.map((r) => relationId(r.team)).filter((t): t is string => !!t)
  if (!teamIds.length) return { organizations: [], invitations: [] }
  const { docs: orgs } = await viewer.payload.find({ collection: 'organizations', where: { team: { in: teamIds } }, sort: 'name', pagination: false, depth: 0, ...noJoins, ...as(viewer) })
  const accepted = new Set(rows.filter((r) => r.accepted).map((r) => relationId(r.team)))
  const icons = await imagesByIds(viewer, orgs.map((o) => relationId(o.icon)).filter((id): id is string => !!id))
  const organizations: DashboardOrganization[] = []
  const invitations: OrganizationInvitation[] = []
  for (const org of orgs) {
    const team = relationId(org.team)
    if (!team) continue
    if (!accepted.has(team)) {
      invitations.push({ organization: { id: org.id, slug: org.slug, name: org.name }, role: rows.find((r) => relationId(r.team) === team)?.role ?? 'Member' })
      continue
    }
    const [members, projects] = await Promise.all([
      viewer.payload.count({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { accepted: { equals: true } }] }, ...as(viewer) }),
      viewer.payload.count({ collection: 'projects', where: { organization: { equals: org.id } }, ...as(viewer) }),
    ])
    organizations.push({ id: org.id, slug: org.slug, name: org.name, iconUrl: imageUrl(icons.get(relationId(org.icon) ?? '')), members: members.totalDocs, projects: projects.totalDocs })
  }
  return { organizations, invitations }
}

/** The viewer's pending invitation to this organization's team, if any (for the organization page). */
export async function getInvitationTo(viewer: Viewer, teamId: string | null): Promise<{ role: string } | null> {
  if (!viewer.user || !teamId) return null
  const { docs } = await viewer.payload.find({
    collection: 'team-members',
    where: { and: [{ team: { equals: teamId } }, { user: { equals: viewer.user.id } }, { accepted: { equals: false } }] },
    limit: 1, depth: 0, ...as(viewer),
  })
  return docs[0] ? { role: docs[0].role ?? 'Member' } : null
}
