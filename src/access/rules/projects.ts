import { requiredNags } from '../../lib/checklist/nags'
import { checklistOf } from '../../lib/data/checklist'
import { relationId } from '../../lib/ids'
import type { Project } from '../../payload-types'
import messages from '../../../messages/en-US.json'
import { checkOwnerTransition, type ProjectStatus } from '../../lib/projectStatus'
import { organizationPermissionsOn, projectPermissionsOn } from '../memberships'
import { OrganizationPermissions as O, ProjectPermissions as P, hasBits } from '../permissions'
import { isAdmin, isStaff } from '../roles'
import { SCHEDULE_TEXTS } from '../../lib/publishing/scheduleRules'
import { lockedByOther } from '../../lib/moderation/locks'
import { MODERATION_LOCKED } from '../../lib/moderation/texts'
import { rule, type WriteCheck } from '../writeRules'

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
  if (check.value === 'processing' && original.status !== 'processing') return submittable(check)
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

/** Submitting for review needs every required checklist item done, judged on the project as it will be saved. */
async function submittable(check: WriteCheck) {
  const project = { ...check.original, ...check.data } as unknown as Project
  const missing = requiredNags(await checklistOf(check.req.payload, project, check.req))
  if (missing.length === 0) return true
  const titles = missing.map((n) => (messages.Checklist.nags as Record<string, { title: string }>)[n.id]?.title ?? n.id)
  return { invalid: `Complete the required checklist items before submitting: ${titles.join(', ')}.` }
}
