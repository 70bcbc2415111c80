import type { CollectionBeforeChangeHook } from 'payload'

import { ALL_PROJECT_PERMISSIONS } from '../../../access/core/permissions'
import { actorOf } from '../../../access/core/roles'

/** A new project gets its own team with the creator as accepted owner holding every permission. */
export const createTeam: CollectionBeforeChangeHook = async ({ data, req, operation }) => {
  if (operation !== 'create' || data.team) return data
  const actor = actorOf(req)
  const team = await req.payload.create({ collection: 'teams', data: { kind: 'project', name: typeof data.title === 'string' ? data.title : null }, req, overrideAccess: true })
  if (actor) {
    await req.payload.create({
      collection: 'team-members',
      data: { team: team.id, user: actor.id, role: 'Owner', isOwner: true, permissions: ALL_PROJECT_PERMISSIONS, accepted: true, payoutsSplit: 100, ordering: 0 },
      req,
      overrideAccess: true,
    })
  }
  return { ...data, team: team.id }
}
