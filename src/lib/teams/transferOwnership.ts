import { APIError, type PayloadRequest } from 'payload'

import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS } from '../../access/core/permissions'
import { canTransferOwnership } from '../../access/core/teamRights'
import { relationId } from '../ids'

/**
 * Makes `newOwnerId` (an accepted member) the owner of the team, in the request's transaction. The
 * previous owner stays a member with every permission, so the team is never without an owner.
 */
export async function transferOwnership(req: PayloadRequest, teamId: string, newOwnerId: string): Promise<void> {
  if (!(await canTransferOwnership(req, teamId))) throw new APIError('Only the owner can transfer ownership.', 403, null, true)
  const rows = await req.payload.find({ collection: 'team-members', where: { team: { equals: teamId } }, pagination: false, depth: 0, overrideAccess: true, req })
  const next = rows.docs.find((m) => relationId(m.user) === newOwnerId)
  if (!next || !next.accepted) throw new APIError('The new owner must be an accepted member of the team.', 400, null, true)
  if (next.isOwner) return
  const team = await req.payload.findByID({ collection: 'teams', id: teamId, depth: 0, overrideAccess: true, req, select: { kind: true } })
  const orgBits = team.kind === 'organization' ? ALL_ORGANIZATION_PERMISSIONS : undefined
  for (const row of rows.docs.filter((m) => m.isOwner)) {
    await req.payload.update({ collection: 'team-members', id: row.id, data: { isOwner: false, role: 'Member' }, overrideAccess: true, req, depth: 0 })
  }
  await req.payload.update({
    collection: 'team-members',
    id: next.id,
    data: { isOwner: true, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ...(orgBits ? { organizationPermissions: orgBits } : {}) },
    overrideAccess: true, req, depth: 0,
  })
}
