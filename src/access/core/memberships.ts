import { relationId } from '../../lib/ids'
import type { PayloadRequest, Where } from 'payload'

import { ALL_PROJECT_PERMISSIONS, MODERATOR_PROJECT_PERMISSIONS, ALL_ORGANIZATION_PERMISSIONS, MODERATOR_ORGANIZATION_PERMISSIONS, ProjectPermissions } from './permissions'
import { actorOf, isAdmin, isStaff } from './roles'

export type Membership = { team: string; permissions: number; organizationPermissions: number }
type Memberships = {
  /** accepted memberships by team id */
  byTeam: Map<string, Membership>
  /** organization id -> the member's membership of that organization's team */
  byOrganization: Map<string, Membership>
  /** teams that invited the user, invitation not yet answered (no permissions come with it) */
  invitedTo: Set<string>
}

// One lookup per request: access functions run many times while serving a single request.
const cache = new WeakMap<object, Promise<Memberships>>()

export function membershipsOf(req: PayloadRequest): Promise<Memberships> {
  const hit = cache.get(req)
  if (hit) return hit
  const pending = loadMemberships(req)
  cache.set(req, pending)
  return pending
}

async function loadMemberships(req: PayloadRequest): Promise<Memberships> {
  const actor = actorOf(req)
  const byTeam = new Map<string, Membership>()
  const byOrganization = new Map<string, Membership>()
  const invitedTo = new Set<string>()
  if (!actor) return { byTeam, byOrganization, invitedTo }
  const members = await req.payload.find({
    collection: 'team-members',
    where: { user: { equals: actor.id } },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  for (const m of members.docs) {
    const team = typeof m.team === 'string' ? m.team : m.team.id
    if (m.accepted) byTeam.set(team, { team, permissions: m.permissions ?? 0, organizationPermissions: m.organizationPermissions ?? 0 })
    else invitedTo.add(team)
  }
  if (byTeam.size > 0) {
    const orgs = await req.payload.find({
      collection: 'organizations',
      where: { team: { in: [...byTeam.keys()] } },
      depth: 0,
      pagination: false,
      overrideAccess: true,
      req,
      select: { team: true },
    })
    for (const org of orgs.docs) {
      const team = typeof org.team === 'string' ? org.team : org.team?.id
      const m = team ? byTeam.get(team) : undefined
      if (m) byOrganization.set(org.id, m)
    }
  }
  return { byTeam, byOrganization, invitedTo }
}

const anyBit = (value: number, bits: number) => bits === 0 || (value & bits) !== 0

/**
 * A filter on a project-shaped document (at `prefix`) matching projects where the user holds any of
 * `bits` — directly on the project team, or through the project's organization. `null` when none.
 */
export async function projectMemberWhere(req: PayloadRequest, bits: number, prefix = ''): Promise<Where | null> {
  const { byTeam, byOrganization } = await membershipsOf(req)
  const teams = [...byTeam.values()].filter((m) => anyBit(m.permissions, bits)).map((m) => m.team)
  const orgs = [...byOrganization.entries()].filter(([, m]) => anyBit(m.permissions, bits)).map(([id]) => id)
  const or: Where[] = []
  if (teams.length) or.push({ [`${prefix}team`]: { in: teams } })
  if (orgs.length) or.push({ [`${prefix}organization`]: { in: orgs } })
  return or.length ? { or } : null
}

/**
 * Projects (at `prefix`) whose team invited the user and is waiting for an answer: the invitee may
 * see such a project, hidden or not, to accept or decline on its page (labrinth counts any team row,
 * accepted or not, in `filter_enlisted_projects_ids`). Seeing is all: no bit applies until accepted.
 */
export async function invitedProjectWhere(req: PayloadRequest, prefix = ''): Promise<Where | null> {
  const { invitedTo } = await membershipsOf(req)
  return invitedTo.size ? { [`${prefix}team`]: { in: [...invitedTo] } } : null
}

/** Organizations where the user holds any of the organization `bits`. */
export async function organizationIdsWith(req: PayloadRequest, bits: number): Promise<string[]> {
  const { byOrganization } = await membershipsOf(req)
  return [...byOrganization.entries()].filter(([, m]) => anyBit(m.organizationPermissions, bits)).map(([id]) => id)
}

/** Teams the user is an accepted member of. */
export async function teamIdsOf(req: PayloadRequest): Promise<string[]> {
  return [...(await membershipsOf(req)).byTeam.keys()]
}

type ProjectRef = { team?: string | { id: string } | null; organization?: string | { id: string } | null }

/**
 * The project permission bits a user holds on one project (reference §3 resolution order):
 * admin → all; accepted project member → its bits; organization member → its project bits;
 * moderator → edit details/body and upload; else none.
 */
export async function projectPermissionsOn(req: PayloadRequest, project: ProjectRef): Promise<number> {
  const actor = actorOf(req)
  if (!actor) return 0
  if (isAdmin(actor)) return ALL_PROJECT_PERMISSIONS
  const { byTeam, byOrganization } = await membershipsOf(req)
  const team = relationId(project.team)
  const direct = team ? byTeam.get(team) : undefined
  if (direct) return direct.permissions
  const org = relationId(project.organization)
  const viaOrg = org ? byOrganization.get(org) : undefined
  if (viaOrg) return viaOrg.permissions
  if (isStaff(actor)) return MODERATOR_PROJECT_PERMISSIONS
  return 0
}

export async function projectPermissionsById(req: PayloadRequest, projectId: string | null | undefined): Promise<number> {
  if (!projectId) return 0
  const project = await req.payload.findByID({
    collection: 'projects',
    id: projectId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
    select: { team: true, organization: true },
  })
  return project ? projectPermissionsOn(req, project) : 0
}

export async function organizationPermissionsOn(req: PayloadRequest, organizationId: string): Promise<number> {
  const actor = actorOf(req)
  if (!actor) return 0
  if (isAdmin(actor)) return ALL_ORGANIZATION_PERMISSIONS
  const m = (await membershipsOf(req)).byOrganization.get(organizationId)
  if (m) return m.organizationPermissions
  return isStaff(actor) ? MODERATOR_ORGANIZATION_PERMISSIONS : 0
}

/**
 * Whose analytics a user may read (reference: the VIEW_ANALYTICS project bit): projects where they
 * hold it, on the team or through the organization; admins all. `null`: none.
 */
export async function analyticsProjectsWhere(req: PayloadRequest): Promise<Where | true | null> {
  const actor = actorOf(req)
  if (!actor) return null
  if (isAdmin(actor)) return true
  return projectMemberWhere(req, ProjectPermissions.VIEW_ANALYTICS)
}
