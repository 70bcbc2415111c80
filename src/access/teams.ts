import type { Access, PayloadRequest, Where } from 'payload'

import { PUBLIC_STATUSES } from '../lib/projectStatus'
import { prefixWhere } from '../lib/whereTree'
import { membershipsOf, projectMemberWhere } from './memberships'
import { ProjectPermissions as P, OrganizationPermissions as O } from './permissions'
import { readProjects } from './projects'
import { actorOf, isAdmin, isStaff } from './roles'

/** Teams where the user holds a project bit (project teams) or an organization bit (organization teams). */
async function teamsWith(req: PayloadRequest, projectBits: number, orgBits: number): Promise<string[]> {
  const { byTeam, byOrganization } = await membershipsOf(req)
  const orgTeams = new Set([...byOrganization.values()].map((m) => m.team))
  return [...byTeam.values()]
    .filter((m) => (orgTeams.has(m.team) ? (m.organizationPermissions & orgBits) !== 0 : (m.permissions & projectBits) !== 0))
    .map((m) => m.team)
}

/**
 * A project's team follows its project (a hidden project's team is not listed nor found by id);
 * organizations' teams are public like organizations; members and invitees see their own teams.
 */
export const readTeams: Access = async (args) => {
  const actor = actorOf(args.req)
  if (isStaff(actor)) return true
  const projects = await readProjects(args)
  if (projects === true) return true
  const or: Where[] = [{ kind: { equals: 'organization' } }]
  if (projects) or.push(prefixWhere(projects, 'projects.'))
  const { byTeam, invitedTo } = await membershipsOf(args.req)
  const own = [...byTeam.keys(), ...invitedTo]
  if (own.length) or.push({ id: { in: own } })
  return { or }
}

/**
 * Accepted members follow what their team belongs to: an organization's, or a project's that the
 * viewer can see. Pending invitations are seen by the invitee, by the team's members and by staff.
 */
export const readTeamMembers: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (isStaff(actor)) return true
  const visibleTeam: Where = { or: [{ 'team.kind': { equals: 'organization' } }, { 'team.projects.status': { in: [...PUBLIC_STATUSES] } }] }
  const member = actor ? await projectMemberWhere(req, 0, 'team.projects.') : null
  const accepted: Where = { and: [{ accepted: { equals: true } }, member ? { or: [visibleTeam, member] } : visibleTeam] }
  if (!actor) return accepted
  const teams = [...(await membershipsOf(req)).byTeam.keys()]
  const or: Where[] = [accepted, { user: { equals: actor.id } }]
  if (teams.length) or.push({ team: { in: teams } })
  return { or }
}

const byTeamBits =
  (projectBits: number, orgBits: number): Access =>
  async ({ req }) => {
    const actor = actorOf(req)
    if (!actor) return false
    if (isAdmin(actor)) return true
    const teams = await teamsWith(req, projectBits, orgBits)
    return teams.length ? { team: { in: teams } } : false
  }

export const createTeamMembers: Access = async ({ req, data }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  if (!data?.team) return true // admin UI probe; the row itself is checked when saved
  const teams = await teamsWith(req, P.MANAGE_INVITES, O.MANAGE_INVITES)
  const team = typeof data.team === 'string' ? data.team : data.team.id
  return teams.includes(team)
}
export const updateTeamMembers: Access = async (args) => {
  const actor = actorOf(args.req)
  if (!actor) return false
  const editors = await byTeamBits(P.EDIT_MEMBER, O.EDIT_MEMBER)(args)
  if (editors === true) return true
  // Invitees may answer their own invitation.
  const self: Where = { user: { equals: actor.id } }
  return editors ? { or: [editors as Where, self] } : self
}
export const deleteTeamMembers: Access = async (args) => {
  const actor = actorOf(args.req)
  if (!actor) return false
  const removers = await byTeamBits(P.REMOVE_MEMBER, O.REMOVE_MEMBER)(args)
  if (removers === true) return true
  // Anyone may leave a team (the last owner is guarded by a hook).
  const self: Where = { user: { equals: actor.id } }
  return removers ? { or: [removers as Where, self] } : self
}

export const updateOrganizations: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  const ids = [...(await membershipsOf(req)).byOrganization.entries()]
    .filter(([, m]) => (m.organizationPermissions & O.EDIT_DETAILS) !== 0)
    .map(([id]) => id)
  return ids.length ? { id: { in: ids } } : false
}
export const deleteOrganizations: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  const ids = [...(await membershipsOf(req)).byOrganization.entries()]
    .filter(([, m]) => (m.organizationPermissions & O.DELETE_ORGANIZATION) !== 0)
    .map(([id]) => id)
  return ids.length ? { id: { in: ids } } : false
}
