import type { PayloadRequest } from 'payload'

import { membershipsOf, organizationPermissionsOn, projectPermissionsOn } from './memberships'
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, OrganizationPermissions as O, ProjectPermissions as P } from './permissions'
import { actorOf, isAdmin } from './roles'

/* What the signed-in user may do with a team's members, and who may hand a team over. */

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

/** The current owner of a team, or an admin, may hand the team over. */
export async function canTransferOwnership(req: PayloadRequest, teamId: string): Promise<boolean> {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  const owner = await req.payload.find({
    collection: 'team-members',
    where: { and: [{ team: { equals: teamId } }, { isOwner: { equals: true } }, { user: { equals: actor.id } }] },
    limit: 1, depth: 0, overrideAccess: true, req,
  })
  return owner.totalDocs > 0
}
