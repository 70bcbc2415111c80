import type { PayloadRequest } from 'payload'

import { relationId } from '../../lib/ids'
import { projectPermissionsById } from '../core/memberships'
import { hasBits } from '../core/permissions'
import { isAdmin } from '../core/roles'
import { canRead } from './references'
import type { Verdict, WriteCheck } from '../core/writeRules'

/* Helpers for the rules that need bits on a project (versions, files, gallery images). */

/** Needs `bits` on the project; a project the actor cannot see is "not found". */
export async function onProject(check: WriteCheck, projectId: string | null, bits: number, refusal: string): Promise<Verdict> {
  if (!projectId) return true
  if (isAdmin(check.actor)) return true
  if (!(await canRead(check, 'projects', projectId))) return { notFound: `Could not find project ${projectId}` }
  return hasBits(await projectPermissionsById(check.req, projectId), bits) || refusal
}

export async function projectOfVersion(req: PayloadRequest, versionId: string | null): Promise<string | null> {
  if (!versionId) return null
  const v = await req.payload.findByID({ collection: 'versions', id: versionId, depth: 0, overrideAccess: true, disableErrors: true, req, select: { project: true } })
  return v ? relationId(v.project) : null
}
