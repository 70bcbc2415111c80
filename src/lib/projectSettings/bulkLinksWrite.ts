import { APIError, commitTransaction, initTransaction, killTransaction, ValidationError } from 'payload'

import { projectPermissionsOn } from '../../access/core/memberships'
import { ProjectPermissions as P, hasBits } from '../../access/core/permissions'
import { as, type Viewer } from '../data/viewer'
import type { BulkLink } from './bulkLinks'

export type BulkLinksResult = { ok: true; updated: string[] } | { ok: false; reason: 'notFound' | 'notAllowed' | 'failed'; project?: string; message?: string }

/**
 * Writes one set of link changes to every chosen project as the viewer, all or nothing: a project
 * they cannot see, or whose details they may not edit (EDIT_DETAILS), refuses the whole change
 * before anything is written, and a refused save rolls back the ones before it.
 */
export async function applyBulkLinks(viewer: Viewer, ids: string[], changes: Partial<Record<BulkLink, string | null>>): Promise<BulkLinksResult> {
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { id: { in: ids } }, pagination: false, depth: 0, joins: false, select: { title: true, team: true, organization: true }, ...as(viewer) })
  if (docs.length !== ids.length) return { ok: false, reason: 'notFound' }
  for (const project of docs) {
    if (!hasBits(await projectPermissionsOn(viewer.req, project), P.EDIT_DETAILS)) return { ok: false, reason: 'notAllowed', project: project.title }
  }
  const req = viewer.req
  const started = await initTransaction(req)
  let current = ''
  try {
    for (const project of docs) {
      current = project.title
      await viewer.payload.update({ collection: 'projects', id: project.id, data: changes, depth: 0, select: { id: true }, ...as(viewer) })
    }
    if (started) await commitTransaction(req)
  } catch (error) {
    if (started) await killTransaction(req)
    const message = error instanceof ValidationError ? error.data?.errors?.[0]?.message : error instanceof APIError && error.isPublic ? error.message : undefined
    return { ok: false, reason: 'failed', project: current, message }
  }
  return { ok: true, updated: docs.map((d) => d.id) }
}
