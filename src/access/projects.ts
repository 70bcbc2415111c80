import type { Access, Where } from 'payload'

import { relationId } from '../lib/ids'
import { lockedByOther } from '../lib/moderation/locks'
import { MODERATION_LOCKED } from '../lib/moderation/texts'
import { checkOwnerTransition, PUBLIC_STATUSES, type ProjectStatus } from '../lib/projectStatus'
import { SCHEDULE_TEXTS } from '../lib/publishing/scheduleRules'
import { invitedProjectWhere, organizationPermissionsOn, projectMemberWhere, projectPermissionsOn } from './core/memberships'
import { OrganizationPermissions as O, ProjectPermissions as P, hasBits } from './core/permissions'
import { actorOf, isAdmin, isStaff } from './core/roles'
import { rule, type WriteCheck } from './core/writeRules'
import { onProject } from './fields/projectBits'
import { after, inFuture, maySchedule } from './fields/schedule'

/* Projects (and their gallery images): who sees and changes them, and the rules of their fields. */

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

// ——— field rules ———

/**
 * The description (`body`): members with EDIT_BODY, and staff; set freely on create. Writes that skip
 * field rules are checked again, with the same refusal, by the collection's enforceEditRules hook.
 */
export const projectBody = rule('projectBody', async ({ req, actor, original }) => {
  if (!original || !actor || isStaff(actor) || req.context?.system === true) return true
  return hasBits(await projectPermissionsOn(req, original), P.EDIT_BODY) || req.t('error:notAllowedToPerformAction')
})
/** The owner of a project: the member marked owner on its team, or anyone with every bit. */
async function ownsProject(check: WriteCheck): Promise<boolean> {
  const project = check.original
  if (!project) return true // creating it
  const team = relationId(project.team)
  if (!team || !check.actor) return false
  const row = await check.req.payload.find({
    collection: 'team-members',
    where: { and: [{ team: { equals: team } }, { user: { equals: check.actor.id } }, { isOwner: { equals: true } }] },
    limit: 1, depth: 0, overrideAccess: true, req: check.req,
  })
  return row.totalDocs > 0
}

/**
 * Moving a project into an organization needs ADD_PROJECT there (and, for an existing project,
 * being its owner); taking it out needs REMOVE_PROJECT in the organization it leaves.
 */
export const projectOrganization = rule('projectOrganization', async (check) => {
  if (isAdmin(check.actor)) return true
  const to = relationId(check.value)
  const from = relationId(check.previous)
  if (from && !hasBits(await organizationPermissionsOn(check.req, from), O.REMOVE_PROJECT))
    return 'You do not have permission to remove projects from this organization.'
  if (to) {
    if (!hasBits(await organizationPermissionsOn(check.req, to), O.ADD_PROJECT)) return 'You do not have permission to add projects to this organization.'
    if (!(await ownsProject(check))) return 'Only the owner can move a project into an organization.'
  }
  return true
})

/**
 * Status: staff set any; members with EDIT_DETAILS follow the owner's transitions (submit for
 * review with a version, withdraw, switch among the approved statuses, archive).
 */
export const projectStatus = rule('projectStatus', async (check) => {
  if (isStaff(check.actor)) return staffStatusChange(check)
  const original = check.original
  if (!original) return check.value === 'draft' || { invalid: 'A new project starts as a draft: add a version, then submit it for review.' }
  if (!hasBits(await projectPermissionsOn(check.req, original), P.EDIT_DETAILS))
    return check.value === 'scheduled' ? SCHEDULE_TEXTS.projectForbidden : 'You do not have permission to change the status of this project.'
  const versions = await check.req.payload.count({ collection: 'versions', where: { project: { equals: original.id } }, req: check.req, overrideAccess: true })
  const verdict = checkOwnerTransition(original.status as ProjectStatus, check.value as ProjectStatus, { hasVersions: versions.totalDocs > 0, everApproved: !!original.approved })
  if (!verdict.ok) return { invalid: verdict.reason }
  // A submission also needs the publishing checklist done: src/plugins/publishing-checklist adds that after this rule.
  return true
})

/**
 * Staff set any status, but a moderator cannot decide a project another moderator has under a live
 * review lock (src/lib/moderation/locks.ts); admins may (they can also take the lock over).
 */
async function staffStatusChange(check: WriteCheck) {
  if (isAdmin(check.actor) || !check.original || check.value === check.original.status || !check.actor) return true
  const lock = await lockedByOther(check.req.payload, String(check.original.id), check.actor.id)
  return lock ? MODERATION_LOCKED : true
}

/**
 * A project's approval date: staff's, except that scheduling an approved project (EDIT_DETAILS;
 * the status rule checks it was approved) stores its release time there, as labrinth does.
 */
export const projectApprovedDate = rule('projectApprovedDate', async (check) => {
  if (isStaff(check.actor)) return true
  if (after(check, 'status') !== 'scheduled') return 'Only moderators may change this.'
  const allowed = await maySchedule(check, typeof check.original?.id === 'string' ? check.original.id : null, SCHEDULE_TEXTS.projectForbidden)
  if (allowed !== true) return allowed
  return inFuture(check.value) || { invalid: SCHEDULE_TEXTS.projectInPast }
})

// ——— gallery images ———
/** A gallery image's project (and its featured flag, order): EDIT_DETAILS on that project. */
export const imageProject = rule('imageProject', (check) =>
  onProject(check, relationId(check.value), P.EDIT_DETAILS, 'You do not have permission to edit the gallery of this project.'),
)
export const galleryPlacement = rule('galleryPlacement', (check) =>
  isStaff(check.actor) ? true : onProject(check, relationId(check.siblingData.project ?? check.original?.project), P.EDIT_DETAILS, 'You do not have permission to edit the gallery of this project.'),
)
