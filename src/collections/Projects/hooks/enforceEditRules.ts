import { Forbidden, type CollectionBeforeChangeHook } from 'payload'

import { projectPermissionsOn } from '../../../access/core/memberships'
import { ProjectPermissions as P, hasBits } from '../../../access/core/permissions'
import { actorOf, isStaff } from '../../../access/core/roles'
import { isApproved } from '../../../lib/projectStatus'

const BODY_FIELDS = new Set(['body'])
const IGNORED = new Set(['updatedAt', 'createdAt', 'updated', 'id'])

const changed = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)

/**
 * Members act per their bits: EDIT_BODY for the description, EDIT_DETAILS for everything else.
 * Dates follow the status. Which values each field may take is its write rule (src/access/projects.ts;
 * `body`'s is `projectBody`); this check also covers writes that skip field rules.
 */
export const enforceEditRules: CollectionBeforeChangeHook = async ({ data, req, operation, originalDoc }) => {
  const actor = actorOf(req)
  const now = new Date().toISOString()
  if (operation === 'create') {
    // The status a new project may start in is the `status` field's rule (src/access/projects.ts).
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
