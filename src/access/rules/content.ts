import type { PayloadRequest } from 'payload'

import { relationId } from '../../lib/ids'
import { projectPermissionsById } from '../memberships'
import { ProjectPermissions as P, hasBits } from '../permissions'
import { isAdmin, isStaff } from '../roles'
import { canRead } from './references'
import { rule, type Verdict, type WriteCheck } from '../writeRules'

/** Needs `bits` on the project; a project the actor cannot see is "not found". */
async function onProject(check: WriteCheck, projectId: string | null, bits: number, refusal: string): Promise<Verdict> {
  if (!projectId) return true
  if (isAdmin(check.actor)) return true
  if (!(await canRead(check, 'projects', projectId))) return { notFound: `Could not find project ${projectId}` }
  return hasBits(await projectPermissionsById(check.req, projectId), bits) || refusal
}

async function projectOfVersion(req: PayloadRequest, versionId: string | null): Promise<string | null> {
  if (!versionId) return null
  const v = await req.payload.findByID({ collection: 'versions', id: versionId, depth: 0, overrideAccess: true, disableErrors: true, req, select: { project: true } })
  return v ? relationId(v.project) : null
}

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

/** A gallery image's project (and its featured flag, order): EDIT_DETAILS on that project. */
export const imageProject = rule('imageProject', (check) =>
  onProject(check, relationId(check.value), P.EDIT_DETAILS, 'You do not have permission to edit the gallery of this project.'),
)
export const galleryPlacement = rule('galleryPlacement', (check) =>
  isStaff(check.actor) ? true : onProject(check, relationId(check.siblingData.project ?? check.original?.project), P.EDIT_DETAILS, 'You do not have permission to edit the gallery of this project.'),
)
