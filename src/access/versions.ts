import type { Access, Where } from 'payload'

import { relationId } from '../lib/ids'
import { PUBLIC_STATUSES, PUBLIC_VERSION_STATUSES, REQUESTABLE_VERSION_STATUSES } from '../lib/projectStatus'
import { SCHEDULE_TEXTS } from '../lib/publishing/scheduleRules'
import { projectMemberWhere, projectPermissionsById } from './core/memberships'
import { ProjectPermissions as P, hasBits } from './core/permissions'
import { actorOf, isAdmin, isStaff } from './core/roles'
import { rule } from './core/writeRules'
import { onProject, projectOfVersion } from './fields/projectBits'
import { canRead } from './fields/references'
import { after, inFuture, maySchedule } from './fields/schedule'

/* Versions and their files: who sees and changes them, and the rules of their fields. */

/** A Where over a version-shaped doc at `prefix` (e.g. '' for versions, 'version.' for files). */
async function versionVisibility(req: Parameters<Access>[0]['req'], prefix: string): Promise<Where | true> {
  const actor = actorOf(req)
  if (isStaff(actor)) return true
  const visible: Where = {
    and: [
      { [`${prefix}status`]: { in: [...PUBLIC_VERSION_STATUSES] } },
      { [`${prefix}project.status`]: { in: [...PUBLIC_STATUSES] } },
    ],
  }
  const member = actor ? await projectMemberWhere(req, 0, `${prefix}project.`) : null
  return member ? { or: [visible, member] } : visible
}

export const readVersions: Access = ({ req }) => versionVisibility(req, '')
/** A file follows its version's visibility; a quarantined one (a malicious verdict) is for staff alone. */
export const readVersionFiles: Access = async ({ req }) => {
  const visible = await versionVisibility(req, 'version.')
  if (visible === true) return true
  return { and: [visible, { quarantined: { not_equals: true } }] }
}

/** Creating a version needs UPLOAD_VERSION on its project. */
export const createVersions: Access = async ({ req, data }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  // Without data (admin UI asking "may I create at all?") any signed-in user may try; the hook checks the project.
  if (!data?.project) return true
  return hasBits(await projectPermissionsById(req, relationId(data.project)), P.UPLOAD_VERSION)
}

export const updateVersions: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  return (await projectMemberWhere(req, P.UPLOAD_VERSION, 'project.')) ?? false
}

export const deleteVersions: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  return (await projectMemberWhere(req, P.DELETE_VERSION, 'project.')) ?? false
}

/** Files of a version: uploading needs UPLOAD_VERSION on the version's project. */
export const createVersionFiles: Access = async ({ req, data }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  const versionId = relationId(data?.version)
  if (!versionId) return true
  const version = await req.payload.findByID({
    collection: 'versions', id: versionId, depth: 0, overrideAccess: true, disableErrors: true, req, select: { project: true },
  })
  return !!version && hasBits(await projectPermissionsById(req, relationId(version.project)), P.UPLOAD_VERSION)
}

export const updateVersionFiles: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  return (await projectMemberWhere(req, P.UPLOAD_VERSION, 'version.project.')) ?? false
}

export const deleteVersionFiles: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  return (await projectMemberWhere(req, P.DELETE_VERSION, 'version.project.')) ?? false
}

// ——— field rules ———

/** A version's project: one where the actor may upload versions; never moved afterwards. */
export const versionProject = rule('versionProject', (check) =>
  check.operation === 'update'
    ? 'A version cannot be moved to another project.'
    : onProject(check, relationId(check.value), P.UPLOAD_VERSION, 'You do not have permission to upload versions to this project.'),
)

/** A file's version: one of a project where the actor may upload; never moved afterwards. */
export const fileVersion = rule('fileVersion', async (check) => {
  if (check.operation === 'update') return 'A file cannot be moved to another version.'
  const versionId = relationId(check.value)
  if (versionId && !isAdmin(check.actor) && !(await canRead(check, 'versions', versionId))) return { notFound: `Could not find version ${versionId}` }
  return onProject(check, await projectOfVersion(check.req, versionId), P.UPLOAD_VERSION, 'You do not have permission to upload files to this version.')
})

/**
 * A version's status: `scheduled` needs EDIT_DETAILS, a status to release as and a future date;
 * `unknown` is the site's own. The others are for anyone who may edit the version (its access).
 */
export const versionStatus = rule('versionStatus', async (check) => {
  if (isStaff(check.actor)) return true
  if (check.value === 'unknown') return 'Only moderators may set this status.'
  if (check.value !== 'scheduled') return true
  const allowed = await maySchedule(check, relationId(after(check, 'project')), SCHEDULE_TEXTS.versionForbidden)
  if (allowed !== true) return allowed
  if (!(REQUESTABLE_VERSION_STATUSES as readonly unknown[]).includes(after(check, 'requestedStatus'))) return { invalid: SCHEDULE_TEXTS.notRequestable }
  if (!inFuture(after(check, 'datePublished'))) return { invalid: SCHEDULE_TEXTS.versionInPast }
  return true
})

/** What a version is released as: one of the requestable statuses (or nothing). */
export const versionRequestedStatus = rule('versionRequestedStatus', ({ actor, value }) =>
  isStaff(actor) || value === null || value === undefined || (REQUESTABLE_VERSION_STATUSES as readonly unknown[]).includes(value) || { invalid: SCHEDULE_TEXTS.notRequestable },
)

/** A scheduled version's release time: moved only by who may schedule, and only into the future. */
export const versionReleaseDate = rule('versionReleaseDate', async (check) => {
  if (isStaff(check.actor) || after(check, 'status') !== 'scheduled') return true
  const allowed = await maySchedule(check, relationId(after(check, 'project')), SCHEDULE_TEXTS.versionForbidden)
  if (allowed !== true) return allowed
  return inFuture(check.value) || { invalid: SCHEDULE_TEXTS.versionInPast }
})
