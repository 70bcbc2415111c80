import type { CollectionAfterChangeHook } from 'payload'

import { relationId } from '../../lib/ids'

/**
 * A team is named after what it belongs to (a project's title, an organization's name), so the admin
 * lists that show teams and team members name them, not their ids. Set when the team is made
 * (`createTeam`, `createOrgTeam`); kept here when the title or name changes, in the same transaction.
 */
export function teamNameFrom(field: 'title' | 'name'): CollectionAfterChangeHook {
  const keepTeamName: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
    const team = relationId(doc.team)
    if (operation !== 'update' || !team || doc[field] === previousDoc?.[field]) return doc
    await req.payload.update({ collection: 'teams', id: team, data: { name: doc[field] }, req, overrideAccess: true, depth: 0 })
    return doc
  }
  return keepTeamName
}
