import type { PayloadRequest } from 'payload'

import { relationId } from '../../lib/ids'
import { organizationPermissionsOn, projectPermissionsOn, membershipsOf } from '../memberships'
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, OrganizationPermissions as O, ProjectPermissions as P } from '../permissions'
import { actorOf, isAdmin } from '../roles'
import { rule, type WriteCheck } from '../writeRules'

export type TeamRights = {
  kind: 'project' | 'organization'
  /** Project bits the actor holds through this team (directly, or through the project's organization). */
  project: number
  /** Organization bits (organization teams only). */
  organization: number
}

/** What the signed-in user may do with team `teamId`. */
export async function teamRights(req: PayloadRequest, teamId: string): Promise<TeamRights> {
  const team = await req.payload.findByID({ collection: 'teams', id: teamId, depth: 0, overrideAccess: true, disableErrors: true, req, select: { kind: true } })
  const kind = team?.kind === 'organization' ? 'organization' : 'project'
  if (isAdmin(actorOf(req))) return { kind, project: ALL_PROJECT_PERMISSIONS, organization: ALL_ORGANIZATION_PERMISSIONS }
  if (!team) return { kind, project: 0, organization: 0 }
  if (kind === 'organization') {
    const org = (await req.payload.find({ collection: 'organizations', where: { team: { equals: teamId } }, limit: 1, depth: 0, overrideAccess: true, req, select: { team: true } })).docs[0]
    const direct = (await membershipsOf(req)).byTeam.get(teamId)
    return { kind, project: direct?.permissions ?? 0, organization: org ? await organizationPermissionsOn(req, org.id) : 0 }
  }
  const project = (await req.payload.find({ collection: 'projects', where: { team: { equals: teamId } }, limit: 1, depth: 0, overrideAccess: true, req, select: { team: true, organization: true } })).docs[0]
  const bits = project ? await projectPermissionsOn(req, project) : ((await membershipsOf(req)).byTeam.get(teamId)?.permissions ?? 0)
  return { kind, project: bits, organization: 0 }
}

const holds = (value: number, bits: number) => (value & bits) === bits
/** A grant within what one holds: nobody gives away bits they do not have. */
export const grantsWithin = (granted: number, held: number) => (granted & ~held) === 0

/** May the actor invite to (`create`) or edit the members of (`update`) this team? */
export function canManageMembers(rights: TeamRights, operation: 'create' | 'update'): boolean {
  if (rights.kind === 'organization') return holds(rights.organization, operation === 'create' ? O.MANAGE_INVITES : O.EDIT_MEMBER)
  return holds(rights.project, operation === 'create' ? P.MANAGE_INVITES : P.EDIT_MEMBER)
}

const teamOfRow = (check: WriteCheck) => relationId(check.original?.team ?? check.data.team)

async function rightsFor(check: WriteCheck): Promise<TeamRights | string> {
  const team = teamOfRow(check)
  if (!team) return 'A member belongs to a team.'
  const rights = await teamRights(check.req, team)
  if (!canManageMembers(rights, check.operation)) {
    return check.operation === 'create' ? 'You do not have permission to invite members to this team.' : 'You do not have permission to edit the members of this team.'
  }
  return rights
}

/** The team of a membership: chosen on invitation by someone who may invite there; never moved. */
export const memberTeam = rule('memberTeam', async (check) => {
  if (check.operation === 'update') return 'A membership cannot be moved to another team.'
  const rights = await rightsFor(check)
  return typeof rights === 'string' ? rights : true
})

/** The invited user: anyone, on invitation; never changed. */
export const memberUser = rule('memberUser', (check) =>
  check.operation === 'create' || 'A membership cannot be handed to another user.',
)

/** Role, payout split, ordering: edited by those who may edit members (not by the member alone). */
export const memberDetails = rule('memberDetails', async (check) => {
  const rights = await rightsFor(check)
  return typeof rights === 'string' ? rights : true
})

/** Project permission bits: set by those who may invite/edit members, within their own bits; the owner's are fixed. */
export const memberPermissions = rule('memberPermissions', async (check) => {
  if (check.original?.isOwner && !isAdmin(check.actor)) return "The owner's permissions cannot be changed."
  const rights = await rightsFor(check)
  if (typeof rights === 'string') return rights
  // An organization member's bits are the default project permissions on its projects (reference §3):
  // setting them takes EDIT_MEMBER_DEFAULT_PERMISSIONS.
  if (rights.kind === 'organization' && (check.operation === 'update' || Number(check.value ?? 0) !== 0) && !holds(rights.organization, O.EDIT_MEMBER_DEFAULT_PERMISSIONS))
    return 'You do not have permission to set default project permissions.'
  return grantsWithin(Number(check.value ?? 0), rights.project) || 'You cannot grant permissions you do not have.'
})

/** Organization permission bits: only on organization teams, within the granter's own. */
export const memberOrganizationPermissions = rule('memberOrganizationPermissions', async (check) => {
  if (check.original?.isOwner && !isAdmin(check.actor)) return "The owner's permissions cannot be changed."
  const rights = await rightsFor(check)
  if (typeof rights === 'string') return rights
  if (rights.kind !== 'organization') return check.value ? 'Organization permissions only apply to organization members.' : true
  return grantsWithin(Number(check.value ?? 0), rights.organization) || 'You cannot grant permissions you do not have.'
})

/**
 * Accepting is the invitee's own act: an invitation is never created accepted, and only the invited
 * user turns `accepted` on (declining or leaving deletes the row).
 */
export const memberAccepted = rule('memberAccepted', (check) => {
  if (check.operation === 'create') return check.value ? 'An invitation is accepted by the person invited.' : true
  if (relationId(check.original?.user) !== check.actor?.id) return 'Only the invited user can accept an invitation.'
  return check.value === true || 'To leave a team, remove the membership.'
})
