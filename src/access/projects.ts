import type { Access, Where } from 'payload'

import { PUBLIC_STATUSES } from '../lib/projectStatus'
import { invitedProjectWhere, projectMemberWhere } from './memberships'
import { ProjectPermissions as P } from './permissions'
import { actorOf, isAdmin, isStaff } from './roles'

const publicProjects: Where = { status: { in: [...PUBLIC_STATUSES] } }

/**
 * Visitors see public statuses; members also their own hidden projects, and invitees the hidden
 * project they are invited to (its page is where they accept); staff everything.
 */
export const readProjects: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (isStaff(actor)) return true
  if (!actor) return publicProjects
  const hidden = [await projectMemberWhere(req, 0), await invitedProjectWhere(req)].filter((w): w is Where => w !== null)
  return hidden.length ? { or: [publicProjects, ...hidden] } : publicProjects
}

export const updateProjects: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true // moderators: edit details/body (field rules narrow the rest)
  return (await projectMemberWhere(req, P.EDIT_DETAILS | P.EDIT_BODY)) ?? false
}

export const deleteProjects: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  return (await projectMemberWhere(req, P.DELETE_PROJECT)) ?? false
}

/**
 * Images follow what they belong to: a gallery image is seen by those who can see its project;
 * avatars, icons and news images (no project) by everyone.
 */
export const readImages: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (isStaff(actor)) return true
  const or: Where[] = [{ project: { exists: false } }, { 'project.status': { in: [...PUBLIC_STATUSES] } }]
  const member = actor ? await projectMemberWhere(req, 0, 'project.') : null
  if (member) or.push(member)
  return { or }
}

/**
 * Changing or removing an image: its uploader, staff, and — for a gallery image — members of its
 * project who may edit its details (the gallery is managed by the team, not only by whoever uploaded).
 */
export const manageImages: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  const own: Where = { uploader: { equals: actor.id } }
  const team = await projectMemberWhere(req, P.EDIT_DETAILS, 'project.')
  return team ? { or: [own, team] } : own
}
