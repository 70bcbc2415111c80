import { APIError, Forbidden, type CollectionBeforeChangeHook } from 'payload'

import { projectPermissionsOn } from '../../../access/memberships'
import { ProjectPermissions as P, hasBits } from '../../../access/permissions'
import { actorOf, isStaff } from '../../../access/roles'
import { checkOwnerTransition, isApproved, type ProjectStatus } from '../../../lib/projectStatus'

const BODY_FIELDS = new Set(['body'])
const IGNORED = new Set(['updatedAt', 'createdAt', 'updated', 'id'])

const changed = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)

/**
 * Members act per their bits: EDIT_BODY for the description, EDIT_DETAILS for everything else; the
 * owner's status transitions are limited (moderators may set any). Dates follow the status.
 */
export const enforceEditRules: CollectionBeforeChangeHook = async ({ data, req, operation, originalDoc }) => {
  const actor = actorOf(req)
  const now = new Date().toISOString()
  if (operation === 'create') {
    // A new project starts as a draft; only staff may create one in another status.
    if (actor && !isStaff(actor) && data.status && data.status !== 'draft')
      throw new APIError('A new project starts as a draft: add a version, then submit it for review.', 400, null, true)
    return { ...data, published: data.published ?? now, updated: data.updated ?? now, queued: data.status === 'processing' ? now : data.queued }
  }
  // Internal bookkeeping (derived fields, thread links) is not an edit.
  if (!originalDoc || req.context?.system === true) return data
  const staff = isStaff(actor)
  if (actor && !staff) {
    const bits = await projectPermissionsOn(req, originalDoc)
    const touched = Object.keys(data).filter((k) => !IGNORED.has(k) && changed(data[k], originalDoc[k]))
    if (touched.some((k) => BODY_FIELDS.has(k)) && !hasBits(bits, P.EDIT_BODY))
      throw new Forbidden(req.t)
    if (touched.some((k) => !BODY_FIELDS.has(k)) && !hasBits(bits, P.EDIT_DETAILS))
      throw new Forbidden(req.t)
    const from = originalDoc.status as ProjectStatus
    const to = (data.status ?? from) as ProjectStatus
    if (from !== to) {
      const versions = await req.payload.count({ collection: 'versions', where: { project: { equals: originalDoc.id } }, req, overrideAccess: true })
      const verdict = checkOwnerTransition(from, to, { hasVersions: versions.totalDocs > 0, everApproved: !!originalDoc.approved })
      if (!verdict.ok) throw new APIError(verdict.reason, 400, null, true)
    }
  }
  const next: Record<string, unknown> = { ...data, updated: now }
  if (data.status && data.status !== originalDoc.status) {
    if (data.status === 'processing') {
      next.queued = now
      next.moderatorMessage = { message: null, body: null }
    }
    if (isApproved(data.status) && !originalDoc.approved) next.approved = now
  }
  return next
}
