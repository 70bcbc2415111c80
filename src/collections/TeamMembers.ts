import { APIError, type CollectionBeforeDeleteHook, type CollectionConfig, type FieldAccess } from 'payload'

import { membershipsOf } from '../access/memberships'
import { actorOf, isStaff } from '../access/roles'
import { createTeamMembers, deleteTeamMembers, readTeamMembers, updateTeamMembers } from '../access/teams'
import { idField } from '../fields/id'

/** Permission bits are visible to the team itself and to staff (the API shows null to others). */
const teamOrStaff: FieldAccess = async ({ req, doc }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  const team = typeof doc?.team === 'string' ? doc.team : doc?.team?.id
  return !!team && (await membershipsOf(req)).byTeam.has(team)
}

/** The last owner cannot leave: a team must always have an owner. */
const keepOwner: CollectionBeforeDeleteHook = async ({ req, id }) => {
  const member = await req.payload.findByID({ collection: 'team-members', id, depth: 0, overrideAccess: true, req })
  if (member.isOwner && req.context?.cascading !== true) {
    throw new APIError('The owner cannot leave the team; transfer ownership first.', 400, null, true)
  }
}

export const TeamMembers: CollectionConfig = {
  slug: 'team-members',
  admin: { useAsTitle: 'role', defaultColumns: ['team', 'user', 'role', 'accepted'], group: 'People' },
  access: { read: readTeamMembers, create: createTeamMembers, update: updateTeamMembers, delete: deleteTeamMembers },
  indexes: [{ fields: ['team', 'user'], unique: true }],
  hooks: { beforeDelete: [keepOwner] },
  fields: [
    idField,
    { name: 'team', type: 'relationship', relationTo: 'teams', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'role', type: 'text', defaultValue: 'Member', maxLength: 64 },
    { name: 'isOwner', type: 'checkbox', defaultValue: false, access: { create: ({ req }) => isStaff(actorOf(req)), update: ({ req }) => isStaff(actorOf(req)) } },
    { name: 'permissions', type: 'number', defaultValue: 0, min: 0, access: { read: teamOrStaff } },
    { name: 'organizationPermissions', type: 'number', min: 0, access: { read: teamOrStaff } },
    { name: 'accepted', type: 'checkbox', defaultValue: false, index: true },
    { name: 'payoutsSplit', type: 'number', defaultValue: 0, min: 0, access: { read: teamOrStaff } },
    { name: 'ordering', type: 'number', defaultValue: 0 },
  ],
}
