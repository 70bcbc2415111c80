import type { PayloadRequest, Where } from 'payload'

import { projectMemberWhere } from './memberships'
import { ProjectPermissions } from './permissions'
import { actorOf, isAdmin } from './roles'

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
