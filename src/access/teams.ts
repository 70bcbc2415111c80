import type { Access, PayloadRequest, Where } from 'payload'

import { relationId } from '../lib/ids'
import { PUBLIC_STATUSES } from '../lib/projectStatus'
import { prefixWhere } from '../lib/whereTree'
import { membershipsOf, projectMemberWhere } from './core/memberships'
import { ALL_PROJECT_PERMISSIONS, ProjectPermissions as P, OrganizationPermissions as O, hasBits } from './core/permissions'
import { actorOf, isAdmin, isStaff } from './core/roles'
import { canManageMembers, grantsWithin, teamRights, type TeamRights } from './core/teamRights'
import { rule, type WriteCheck } from './core/writeRules'
import { readProjects } from './projects'

/* Teams and their members (memberships): who sees and changes them, and the rules of their fields. */

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

// ——— field rules (team members) ———
const teamOfRow = (check: WriteCheck) => relationId(check.original?.team ?? check.data.team)

async function rightsFor(check: WriteCheck): Promise<TeamRights | string> {
  const team = teamOfRow(check)
  if (!team) return 'A member belongs to a team.'
  const rights = await teamRights(check.req, team)
  if (!canManageMembers(rights, check.operation)) {
    return check.operation === 'create' ? 'You do not have permission to invite members to this team.' : 'You do not have permission to edit the members of this team.'
  }
  return rights
}

/** The team of a membership: chosen on invitation by someone who may invite there; never moved. */
export const memberTeam = rule('memberTeam', async (check) => {
  if (check.operation === 'update') return 'A membership cannot be moved to another team.'
  const rights = await rightsFor(check)
  return typeof rights === 'string' ? rights : true
})

/** The invited user: anyone, on invitation; never changed. */
export const memberUser = rule('memberUser', (check) =>
  check.operation === 'create' || 'A membership cannot be handed to another user.',
)

/** Role, payout split, ordering: edited by those who may edit members (not by the member alone). */
export const memberDetails = rule('memberDetails', async (check) => {
  const rights = await rightsFor(check)
  return typeof rights === 'string' ? rights : true
})

/**
 * labrinth (`edit_team_member`): "The owner's permission's in a team cannot be edited" (400), for
 * every caller, admins included; ownership moves only by transfer, which sets the bits itself.
 */
export const OWNER_PERMISSIONS_FIXED = "The owner's permission's in a team cannot be edited"

/** Payout shares are 0–5000 (labrinth `add_team_member` / `edit_team_member`). */
export const MAX_PAYOUTS_SPLIT = 5000
export const PAYOUTS_SPLIT_RANGE = 'Payouts split must be between 0 and 5000!'

/**
 * Is the stored member (of a project team) the owner of the organization that owns the project?
 * The organization owner keeps every project bit on its projects (labrinth refuses anything else).
 */
async function ownsProjectOrganization(check: WriteCheck): Promise<boolean> {
  const team = relationId(check.original?.team)
  const user = relationId(check.original?.user)
  if (!team || !user) return false
  const { req } = check
  const project = (await req.payload.find({ collection: 'projects', where: { team: { equals: team } }, limit: 1, depth: 0, overrideAccess: true, req, select: { organization: true } })).docs[0]
  const organization = relationId(project?.organization)
  if (!organization) return false
  const org = await req.payload.findByID({ collection: 'organizations', id: organization, depth: 0, overrideAccess: true, disableErrors: true, req, select: { team: true } })
  const orgTeam = relationId(org?.team)
  if (!orgTeam) return false
  const owner = await req.payload.count({ collection: 'team-members', where: { and: [{ team: { equals: orgTeam } }, { user: { equals: user } }, { isOwner: { equals: true } }] }, overrideAccess: true, req })
  return owner.totalDocs > 0
}

/** Project permission bits: set by those who may invite/edit members, within their own bits; the owner's are fixed. */
export const memberPermissions = rule('memberPermissions', async (check) => {
  if (check.original?.isOwner) return { invalid: OWNER_PERMISSIONS_FIXED }
  if (check.operation === 'update' && Number(check.value ?? 0) !== ALL_PROJECT_PERMISSIONS && (await ownsProjectOrganization(check)))
    return 'You cannot override the project permissions of the organization owner!'
  const rights = await rightsFor(check)
  if (typeof rights === 'string') return rights
  // An organization member's bits are the default project permissions on its projects (reference §3):
  // setting them takes EDIT_MEMBER_DEFAULT_PERMISSIONS.
  if (rights.kind === 'organization' && (check.operation === 'update' || Number(check.value ?? 0) !== 0) && !hasBits(rights.organization, O.EDIT_MEMBER_DEFAULT_PERMISSIONS))
    return 'You do not have permission to set default project permissions.'
  return grantsWithin(Number(check.value ?? 0), rights.project) || 'You cannot grant permissions you do not have.'
})

/** Organization permission bits: only on organization teams, within the granter's own. */
export const memberOrganizationPermissions = rule('memberOrganizationPermissions', async (check) => {
  if (check.original?.isOwner) return { invalid: OWNER_PERMISSIONS_FIXED }
  const rights = await rightsFor(check)
  if (typeof rights === 'string') return rights
  if (rights.kind !== 'organization') return check.value ? 'Organization permissions only apply to organization members.' : true
  return grantsWithin(Number(check.value ?? 0), rights.organization) || 'You cannot grant permissions you do not have.'
})

/**
 * Accepting is the invitee's own act: an invitation is never created accepted, and only the invited
 * user turns `accepted` on (declining or leaving deletes the row).
 */
export const memberAccepted = rule('memberAccepted', (check) => {
  if (check.operation === 'create') return check.value ? 'An invitation is accepted by the person invited.' : true
  if (relationId(check.original?.user) !== check.actor?.id) return 'Only the invited user can accept an invitation.'
  return check.value === true || 'To leave a team, remove the membership.'
})
