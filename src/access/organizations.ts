import type { Access } from 'payload'

import { membershipsOf } from './core/memberships'
import { OrganizationPermissions as O } from './core/permissions'
import { actorOf, isAdmin, isStaff } from './core/roles'

/* Organizations: members change them per their organization bits. (Their team is in teams.ts.) */

/** The organizations where the actor's organization bits include `bit`; `passes` (staff, admins) see past them. */
const withOrganizationBit =
  (bit: number, passes: (actor: NonNullable<ReturnType<typeof actorOf>>) => boolean): Access =>
  async ({ req }) => {
    const actor = actorOf(req)
    if (!actor) return false
    if (passes(actor)) return true
    const ids = [...(await membershipsOf(req)).byOrganization.entries()].filter(([, m]) => (m.organizationPermissions & bit) !== 0).map(([id]) => id)
    return ids.length ? { id: { in: ids } } : false
  }

export const updateOrganizations: Access = withOrganizationBit(O.EDIT_DETAILS, isStaff)
export const deleteOrganizations: Access = withOrganizationBit(O.DELETE_ORGANIZATION, isAdmin)
