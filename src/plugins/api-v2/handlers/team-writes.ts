import { z } from 'zod'

import { transferOwnership } from '../../../lib/teams/transferOwnership'
import { MAX_PAYOUTS_SPLIT, OWNER_PERMISSIONS_FIXED, PAYOUTS_SPLIT_RANGE } from '../../../access/teams'
import { as, type Viewer } from '../../../lib/data/viewer'
import { invalidInput, itemNotFound } from '../http/errors'
import { defineRoute } from '../http/route'

/*
 * The team write side (labrinth `routes/v2/teams.rs`): invite, edit, remove, join, hand over —
 * on the team-members collection and its rules (MANAGE_INVITES, EDIT_MEMBER, REMOVE_MEMBER; only
 * the invited user accepts; nobody grants bits they do not hold).
 */
const TAG = 'teams'
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'No such team or member, or the caller may not see it (empty body)', empty: true } }
const bits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const MemberFields = {
  role: z.string().trim().max(64).optional(),
  permissions: bits.optional(),
  organization_permissions: bits.nullable().optional(),
  payouts_split: z.number().optional(),
  ordering: z.number().int().min(-1_000_000).max(1_000_000).optional(),
}
const memberData = (b: { role?: string; permissions?: number; organization_permissions?: number | null; payouts_split?: number; ordering?: number }) => ({
  ...(b.role !== undefined ? { role: b.role } : {}),
  ...(b.permissions !== undefined ? { permissions: b.permissions } : {}),
  ...(b.organization_permissions !== undefined ? { organizationPermissions: b.organization_permissions } : {}),
  ...(b.payouts_split !== undefined ? { payoutsSplit: b.payouts_split } : {}),
  ...(b.ordering !== undefined ? { ordering: b.ordering } : {}),
})

/** labrinth's bound on a payout share, with its words (400). */
function checkPayoutsSplit(split: number | undefined) {
  if (split !== undefined && !(split >= 0 && split <= MAX_PAYOUTS_SPLIT)) throw invalidInput(PAYOUTS_SPLIT_RANGE)
}

async function teamOf(viewer: Viewer, id: string) {
  const team = await viewer.payload.findByID({ collection: 'teams', id, depth: 0, disableErrors: true, ...as(viewer) })
  if (!team) throw itemNotFound()
  return team
}

async function memberRow(viewer: Viewer, team: string, user: string) {
  const row = (await viewer.payload.find({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { user: { equals: user } }] }, limit: 1, depth: 0, ...as(viewer) })).docs[0]
  if (!row) throw itemNotFound()
  return row
}

export const inviteMember = defineRoute({
  method: 'POST', path: '/team/{id}/members', operationId: 'addTeamMember', tag: TAG, summary: 'Invite a user to a team',
  params: { id: 'The team id' }, scopes: ['PROJECT_WRITE'], requiresAuth: true, body: z.object({ user_id: z.string().min(1).max(64), ...MemberFields }), responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    await teamOf(viewer, params.id)
    checkPayoutsSplit(body.payouts_split)
    const existing = await viewer.payload.count({ collection: 'team-members', where: { and: [{ team: { equals: params.id } }, { user: { equals: body.user_id } }] }, overrideAccess: true })
    if (existing.totalDocs > 0) throw invalidInput('This user is already a member of the team, or has been invited')
    await viewer.payload.create({ collection: 'team-members', data: { team: params.id, user: body.user_id, accepted: false, permissions: 0, ...memberData(body) }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const editMember = defineRoute({
  method: 'PATCH', path: '/team/{id}/members/{user}', operationId: 'modifyTeamMember', tag: TAG, summary: 'Change a member’s role or permissions',
  params: { id: 'The team id', user: 'The member’s user id' }, scopes: ['PROJECT_WRITE'], requiresAuth: true, body: z.object(MemberFields),
  responses: { ...done, ...notFound, 400: { description: 'Invalid input: the owner’s permissions cannot be edited; `payouts_split` is 0–5000' } },
  handler: async ({ viewer, params, body }) => {
    const row = await memberRow(viewer, params.id, params.user)
    // labrinth refuses any `permissions` / `organization_permissions` for the owner, even unchanged ones.
    if (row.isOwner && (body.permissions !== undefined || body.organization_permissions !== undefined)) throw invalidInput(OWNER_PERMISSIONS_FIXED)
    checkPayoutsSplit(body.payouts_split)
    await viewer.payload.update({ collection: 'team-members', id: row.id, data: memberData(body), depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const removeMember = defineRoute({
  method: 'DELETE', path: '/team/{id}/members/{user}', operationId: 'deleteTeamMember', tag: TAG, summary: 'Remove a member, cancel an invitation, or leave',
  params: { id: 'The team id', user: 'The member’s user id' }, scopes: ['PROJECT_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    const row = await memberRow(viewer, params.id, params.user)
    if (row.isOwner) throw invalidInput('The owner cannot be removed: transfer ownership first')
    await viewer.payload.delete({ collection: 'team-members', id: row.id, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const joinTeam = defineRoute({
  method: 'POST', path: '/team/{id}/join', operationId: 'joinTeam', tag: TAG, summary: 'Accept your invitation to a team',
  params: { id: 'The team id' }, scopes: ['PROJECT_WRITE'], requiresAuth: true, responses: { ...done, 400: { description: 'No pending invitation of yours' } },
  handler: async ({ viewer, params }) => {
    const row = (await viewer.payload.find({ collection: 'team-members', where: { and: [{ team: { equals: params.id } }, { user: { equals: viewer.user!.id } }] }, limit: 1, depth: 0, ...as(viewer) })).docs[0]
    if (!row || row.accepted) throw invalidInput('There is no pending request for you to join this team')
    await viewer.payload.update({ collection: 'team-members', id: row.id, data: { accepted: true }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const transferTeam = defineRoute({
  method: 'PATCH', path: '/team/{id}/owner', operationId: 'transferTeamOwnership', tag: TAG, summary: 'Hand the team to another accepted member',
  params: { id: 'The team id' }, scopes: ['PROJECT_WRITE'], requiresAuth: true, body: z.object({ user_id: z.string().min(1).max(64) }), responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    await teamOf(viewer, params.id)
    await transferOwnership(viewer.req, params.id, body.user_id)
    return noContent()
  },
})

export const teamWriteRoutes = [inviteMember, editMember, removeMember, joinTeam, transferTeam]
