/**
 * Organizations: create, edit, delete; members (invite, answer, edit, remove, transfer); projects
 * moved in and out. Each function acts as the viewer: writes go through the collections' access and
 * write rules (`overrideAccess: false`), and where a step is the site's own bookkeeping after the
 * viewer's right has been checked (ownership moves), it runs in the same transaction, so a refusal
 * leaves nothing half-saved. The pages' server actions and `/v3` call these.
 */
import { APIError, commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

import { organizationPermissionsOn } from '../../access/core/memberships'
import { ALL_PROJECT_PERMISSIONS, OrganizationPermissions as O, hasBits } from '../../access/core/permissions'
import { transferOwnership } from '../teams/transferOwnership'
import { assertCanWrite } from '../../access/core/writeRules'
import messages from '../../../messages/en-US.json'
import { withContext } from '../db/scopedContext'
import { relationId } from '../ids'
import { MAX_IMAGE_BYTES, fileTooLarge } from '../limits'
import { normalizeHandle } from '../slugs'
import type { Organization, Project, TeamMember } from '../../payload-types'
import { as, isLookupKey, type Viewer } from '../data/viewer'
import type { OrganizationInput } from './rules'

export type RefusalCode = keyof typeof messages.Organizations.errors

/** A refusal worded from messages/en-US.json (Organizations.errors), with its HTTP status. */
export class OrganizationRefusal extends APIError {
  constructor(
    readonly code: RefusalCode,
    status = 400,
    values: Record<string, string> = {},
  ) {
    const text = Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, v), messages.Organizations.errors[code])
    super(text, status, null, true)
  }
}

/** Runs `work` in one transaction on the viewer's request (joining one already open). */
async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const started = await initTransaction(req)
  try {
    const result = await work()
    if (started) await commitTransaction(req)
    return result
  } catch (error) {
    if (started) await killTransaction(req)
    throw error
  }
}

/** An organization by id or slug (anyone may read organizations); refused as not found otherwise. */
export async function findOrganization(viewer: Viewer, key: string): Promise<Organization> {
  const k = key.trim()
  if (!isLookupKey(k)) throw new OrganizationRefusal('notFound', 404)
  const { docs } = await viewer.payload.find({
    collection: 'organizations',
    where: { or: [{ id: { equals: k } }, { slug: { equals: k.toLowerCase() } }] },
    limit: 2, depth: 0, select: { projects: false }, ...as(viewer),
  })
  const org = docs.find((d) => d.id === k) ?? docs[0]
  if (!org) throw new OrganizationRefusal('notFound', 404)
  return org as Organization
}

const teamOf = (org: Organization): string => {
  const team = relationId(org.team)
  if (!team) throw new OrganizationRefusal('notFound', 404)
  return team
}

async function membersOf(req: PayloadRequest, team: string): Promise<TeamMember[]> {
  return (await req.payload.find({ collection: 'team-members', where: { team: { equals: team } }, pagination: false, depth: 0, overrideAccess: true, req })).docs
}

/** Creates an organization; its team is made with the creator as owner holding every bit (collection hook). */
export async function createOrganization(viewer: Viewer, input: OrganizationInput): Promise<Organization> {
  if (!viewer.user) throw new OrganizationRefusal('signIn', 401)
  return viewer.payload.create({
    collection: 'organizations',
    data: { name: input.name, slug: input.slug, description: input.summary || null },
    depth: 0,
    ...as(viewer),
  })
}

/** Name, slug, summary (EDIT_DETAILS; the collection's update access decides). */
export async function updateOrganization(viewer: Viewer, key: string, input: OrganizationInput): Promise<Organization> {
  const org = await findOrganization(viewer, key)
  if (!hasBits(await organizationPermissionsOn(viewer.req, org.id), O.EDIT_DETAILS)) throw new OrganizationRefusal('cannotEdit', 403)
  return viewer.payload.update({
    collection: 'organizations',
    id: org.id,
    data: { name: input.name, slug: input.slug, description: input.summary || null },
    depth: 0,
    ...as(viewer),
  })
}

export type IconFile = { data: Buffer; mimetype: string; name: string; size: number }

/** A new icon (EDIT_DETAILS): stored as the viewer's image, then placed on the organization. */
export async function setOrganizationIcon(viewer: Viewer, key: string, file: IconFile): Promise<Organization> {
  const org = await findOrganization(viewer, key)
  if (!hasBits(await organizationPermissionsOn(viewer.req, org.id), O.EDIT_DETAILS)) throw new OrganizationRefusal('cannotEdit', 403)
  if (file.size === 0) throw new OrganizationRefusal('noFile')
  if (file.size > MAX_IMAGE_BYTES) throw new APIError(fileTooLarge(MAX_IMAGE_BYTES), 413, null, true)
  return inTransaction(viewer.req, async () => {
    const image = await viewer.payload.create({ collection: 'images', data: { kind: 'icon', alt: org.name }, file, depth: 0, ...as(viewer) })
    return viewer.payload.update({ collection: 'organizations', id: org.id, data: { icon: image.id }, depth: 0, ...as(viewer) })
  })
}

/**
 * Makes `userId` the owner of a project team: added (accepted, every bit) if not on it, and the
 * previous owner stays on as a member with their bits. The site's own write, after the caller's
 * right has been checked.
 */
async function giveProjectTo(req: PayloadRequest, team: string, userId: string): Promise<void> {
  const rows = await membersOf(req, team)
  const mine = rows.find((m) => relationId(m.user) === userId)
  if (mine?.isOwner && mine.accepted) return
  for (const row of rows.filter((m) => m.isOwner)) {
    await req.payload.update({ collection: 'team-members', id: row.id, data: { isOwner: false, role: 'Member' }, overrideAccess: true, depth: 0, req })
  }
  const data = { isOwner: true, accepted: true, role: 'Inherited Owner', permissions: ALL_PROJECT_PERMISSIONS, organizationPermissions: null }
  if (mine) await req.payload.update({ collection: 'team-members', id: mine.id, data, overrideAccess: true, depth: 0, req })
  else await req.payload.create({ collection: 'team-members', data: { ...data, team, user: userId }, overrideAccess: true, depth: 0, req })
}

/**
 * A project leaving its organization: the site's own write (its project edit rules would ask the
 * remover for project bits the reference does not ask for), made after the right was checked.
 * `system` lasts for this write only (see withContext).
 */
async function leaveOrganization(req: PayloadRequest, projectId: string): Promise<void> {
  await req.payload.update({ collection: 'projects', id: projectId, data: { organization: null }, overrideAccess: true, depth: 0, req: withContext(req, { system: true }) })
}

/** The accepted owner of the organization's team. */
async function ownerOf(req: PayloadRequest, team: string): Promise<string> {
  const owner = (await membersOf(req, team)).find((m) => m.isOwner)
  const id = relationId(owner?.user)
  if (!id) throw new OrganizationRefusal('notFound', 404)
  return id
}

/**
 * Deletes the organization (DELETE_ORGANIZATION). As on the reference, its projects go back to a
 * person: the organization's owner becomes the owner of each project's team, and the projects
 * leave the organization. All in one transaction.
 */
export async function deleteOrganization(viewer: Viewer, key: string): Promise<{ projects: number }> {
  const org = await findOrganization(viewer, key)
  if (!hasBits(await organizationPermissionsOn(viewer.req, org.id), O.DELETE_ORGANIZATION)) throw new OrganizationRefusal('cannotDelete', 403)
  const req = viewer.req
  return inTransaction(req, async () => {
    const owner = await ownerOf(req, teamOf(org))
    const { docs: projects } = await req.payload.find({ collection: 'projects', where: { organization: { equals: org.id } }, pagination: false, depth: 0, overrideAccess: true, req, select: { team: true } })
    for (const project of projects) {
      const team = relationId(project.team)
      if (team) await giveProjectTo(req, team, owner)
      await leaveOrganization(req, project.id)
    }
    await viewer.payload.delete({ collection: 'organizations', id: org.id, ...as(viewer) })
    return { projects: projects.length }
  })
}

export type MemberBits = { organizationPermissions: number; permissions: number; role?: string }

/** Invites a user by username (MANAGE_INVITES; bits within the inviter's own; default project bits need EDIT_MEMBER_DEFAULT_PERMISSIONS). */
export async function inviteToOrganization(viewer: Viewer, key: string, username: string, bits: MemberBits): Promise<TeamMember> {
  const org = await findOrganization(viewer, key)
  const team = teamOf(org)
  if (!hasBits(await organizationPermissionsOn(viewer.req, org.id), O.MANAGE_INVITES)) throw new OrganizationRefusal('cannotInvite', 403)
  const name = String(normalizeHandle(username) ?? '')
  const user = isLookupKey(name) ? (await viewer.payload.find({ collection: 'users', where: { username: { equals: name } }, limit: 1, depth: 0, ...as(viewer) })).docs[0] : undefined
  if (!user) throw new OrganizationRefusal('userNotFound', 404)
  if ((await membersOf(viewer.req, team)).some((m) => relationId(m.user) === user.id)) throw new OrganizationRefusal('already', 400, { username: user.username })
  return viewer.payload.create({
    collection: 'team-members',
    data: { team, user: user.id, role: bits.role || 'Member', accepted: false, permissions: bits.permissions, organizationPermissions: bits.organizationPermissions },
    depth: 0,
    ...as(viewer),
  })
}

async function memberRow(viewer: Viewer, org: Organization, memberId: string): Promise<TeamMember> {
  const row = isLookupKey(memberId) ? await viewer.payload.findByID({ collection: 'team-members', id: memberId, depth: 0, disableErrors: true, ...as(viewer) }) : null
  if (!row || relationId(row.team) !== teamOf(org)) throw new OrganizationRefusal('memberNotFound', 404)
  return row
}

/** The invited user accepts (joins with the invitation's bits) or declines (the invitation goes). */
export async function answerOrganizationInvitation(viewer: Viewer, key: string, accept: boolean): Promise<void> {
  if (!viewer.user) throw new OrganizationRefusal('signIn', 401)
  const org = await findOrganization(viewer, key)
  const { docs } = await viewer.payload.find({
    collection: 'team-members',
    where: { and: [{ team: { equals: teamOf(org) } }, { user: { equals: viewer.user.id } }, { accepted: { equals: false } }] },
    limit: 1, depth: 0, ...as(viewer),
  })
  const invite = docs[0]
  if (!invite) throw new OrganizationRefusal('noInvitation', 404)
  if (accept) await viewer.payload.update({ collection: 'team-members', id: invite.id, data: { accepted: true }, depth: 0, ...as(viewer) })
  else await viewer.payload.delete({ collection: 'team-members', id: invite.id, ...as(viewer) })
}

/** A member's role and bits (EDIT_MEMBER; the write rules keep grants within the editor's own). */
export async function updateOrganizationMember(viewer: Viewer, key: string, memberId: string, bits: MemberBits): Promise<TeamMember> {
  const org = await findOrganization(viewer, key)
  const row = await memberRow(viewer, org, memberId)
  if (!hasBits(await organizationPermissionsOn(viewer.req, org.id), O.EDIT_MEMBER)) throw new OrganizationRefusal('cannotEditMember', 403)
  if (row.isOwner) throw new OrganizationRefusal('ownerFixed', 403)
  return viewer.payload.update({
    collection: 'team-members',
    id: row.id,
    data: { role: bits.role || 'Member', organizationPermissions: bits.organizationPermissions, permissions: bits.permissions },
    depth: 0,
    ...as(viewer),
  })
}

/** Removes a member or withdraws an invitation (REMOVE_MEMBER, or oneself leaving; never the owner). */
export async function removeOrganizationMember(viewer: Viewer, key: string, memberId: string): Promise<void> {
  const org = await findOrganization(viewer, key)
  const row = await memberRow(viewer, org, memberId)
  if (row.isOwner) throw new OrganizationRefusal('ownerFixed', 403)
  const self = relationId(row.user) === viewer.user?.id
  if (!self && !hasBits(await organizationPermissionsOn(viewer.req, org.id), O.REMOVE_MEMBER)) throw new OrganizationRefusal('cannotRemoveMember', 403)
  await viewer.payload.delete({ collection: 'team-members', id: row.id, ...as(viewer) })
}

/** Hands the organization to another accepted member (the owner or an admin), in one transaction. */
export async function transferOrganization(viewer: Viewer, key: string, userId: string): Promise<void> {
  const org = await findOrganization(viewer, key)
  await inTransaction(viewer.req, () => transferOwnership(viewer.req, teamOf(org), userId))
}

async function findProject(viewer: Viewer, key: string): Promise<Project> {
  const k = key.trim()
  const { docs } = isLookupKey(k)
    ? await viewer.payload.find({ collection: 'projects', where: { or: [{ id: { equals: k } }, { slug: { equals: k.toLowerCase() } }] }, limit: 2, depth: 0, select: { versions: false, gallery: false }, ...as(viewer) })
    : { docs: [] as Project[] }
  const project = docs.find((d) => d.id === k) ?? docs[0]
  if (!project) throw new OrganizationRefusal('projectNotFound', 404)
  return project as Project
}

/**
 * Moves one of the viewer's projects into the organization: they must own the project (may hand
 * its team over) and hold ADD_PROJECT there. One write, checked by the project's write rule.
 * Unlike the reference (which takes the owner off the project's team), the project's team keeps
 * its owner: the organization's members work on it with their default project permissions.
 */
export async function addProjectToOrganization(viewer: Viewer, key: string, projectKey: string): Promise<Project> {
  const org = await findOrganization(viewer, key)
  const project = await findProject(viewer, projectKey)
  if (relationId(project.organization)) throw new OrganizationRefusal(relationId(project.organization) === org.id ? 'alreadyHere' : 'inAnotherOrganization', 400)
  await assertCanWrite(viewer.req, 'projects', 'organization', org.id, project)
  return viewer.payload.update({ collection: 'projects', id: project.id, data: { organization: org.id }, depth: 0, ...as(viewer) })
}

/**
 * Takes a project out of the organization (REMOVE_PROJECT) and gives it to a person: `newOwnerId`,
 * an accepted member of the organization, becomes the owner of the project's team (as on the
 * reference). The right is the project's own write rule for `organization`, checked first; the
 * project needs no project bits of the remover, so the writes are the site's, in one transaction.
 */
export async function removeProjectFromOrganization(viewer: Viewer, key: string, projectKey: string, newOwnerId: string): Promise<void> {
  const org = await findOrganization(viewer, key)
  const project = await findProject(viewer, projectKey)
  if (relationId(project.organization) !== org.id) throw new OrganizationRefusal('notInOrganization', 400)
  await assertCanWrite(viewer.req, 'projects', 'organization', null, project)
  const req = viewer.req
  await inTransaction(req, async () => {
    const member = (await membersOf(req, teamOf(org))).find((m) => relationId(m.user) === newOwnerId && m.accepted)
    if (!member) throw new OrganizationRefusal('newOwnerNotMember', 400)
    const team = relationId(project.team)
    if (team) await giveProjectTo(req, team, newOwnerId)
    await leaveOrganization(req, project.id)
  })
}
