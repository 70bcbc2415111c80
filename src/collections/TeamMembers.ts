import { APIError, type CollectionBeforeDeleteHook, type CollectionConfig, type FieldAccess, type NumberFieldSingleValidation } from 'payload'

import { membershipsOf } from '../access/core/memberships'
import { actorOf, isStaff } from '../access/core/roles'
import { createTeamMembers, deleteTeamMembers, MAX_PAYOUTS_SPLIT, memberAccepted, memberDetails, memberOrganizationPermissions, memberPermissions, memberTeam, memberUser, PAYOUTS_SPLIT_RANGE, readTeamMembers, updateTeamMembers } from '../access/teams'
import { idField } from '../fields/id'
import { systemOnly } from '../access/core/rules'
import { guarded } from '../access/core/writeRules'
import { notifyInvitation } from './hooks/notifications'

/** Permission bits are visible to the team itself and to staff (the API shows null to others). */
const teamOrStaff: FieldAccess = async ({ req, doc }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  const team = typeof doc?.team === 'string' ? doc.team : doc?.team?.id
  return !!team && (await membershipsOf(req)).byTeam.has(team)
}

/** A payout share is 0–5000, in labrinth's words (its `add_team_member` / `edit_team_member`). */
const payoutsSplitInRange: NumberFieldSingleValidation = (value) => {
  if (value === null || value === undefined) return true
  return (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_PAYOUTS_SPLIT) || PAYOUTS_SPLIT_RANGE
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
  admin: { useAsTitle: 'role', defaultColumns: ['user', 'role', 'team', 'accepted'], group: 'Records', listSearchableFields: ['role'] },
  access: { read: readTeamMembers, create: createTeamMembers, update: updateTeamMembers, delete: deleteTeamMembers },
  indexes: [{ fields: ['team', 'user'], unique: true }],
  hooks: { beforeDelete: [keepOwner], afterChange: [notifyInvitation] },
  fields: [
    idField,
    guarded({ name: 'team', type: 'relationship', relationTo: 'teams', required: true, index: true }, memberTeam),
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, memberUser),
    guarded({ name: 'role', type: 'text', defaultValue: 'Member', maxLength: 64 }, memberDetails),
    // Ownership moves only through the transfer endpoint (teams/:id/transfer-ownership).
    guarded({ name: 'isOwner', type: 'checkbox', defaultValue: false }, systemOnly),
    guarded({ name: 'permissions', type: 'number', defaultValue: 0, min: 0, access: { read: teamOrStaff } }, memberPermissions),
    guarded({ name: 'organizationPermissions', type: 'number', min: 0, access: { read: teamOrStaff } }, memberOrganizationPermissions),
    guarded({ name: 'accepted', type: 'checkbox', defaultValue: false, index: true }, memberAccepted),
    guarded({ name: 'payoutsSplit', type: 'number', defaultValue: 0, min: 0, max: MAX_PAYOUTS_SPLIT, validate: payoutsSplitInRange, access: { read: teamOrStaff } }, memberDetails),
    guarded({ name: 'ordering', type: 'number', defaultValue: 0 }, memberDetails),
  ],
}
