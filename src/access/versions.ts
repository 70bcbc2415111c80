import { relationId } from '../lib/ids'
import type { Access, Where } from 'payload'

import { PUBLIC_STATUSES, PUBLIC_VERSION_STATUSES } from '../lib/projectStatus'
import { projectMemberWhere, projectPermissionsById } from './memberships'
import { ProjectPermissions as P, hasBits } from './permissions'
import { actorOf, isAdmin, isStaff } from './roles'

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
