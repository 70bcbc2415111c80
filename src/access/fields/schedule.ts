import { projectPermissionsById } from '../core/memberships'
import { ProjectPermissions as P, hasBits } from '../core/permissions'
import type { Verdict, WriteCheck } from '../core/writeRules'

/*
 * Scheduled releases (labrinth `version_schedule`, `project_schedule`): a member with EDIT_DETAILS
 * puts a version or project into `scheduled` with the status it takes at a future time; the
 * `releaseScheduled` job (a system write) makes the change when the time comes. Staff set anything.
 * The rules are in versions.ts and projects.ts; these are their shared helpers.
 */

/** The value the write leaves in `field` (the incoming one, else the stored one). */
export const after = (check: WriteCheck, field: string) => (field in check.data ? check.data[field] : check.original?.[field])
export const inFuture = (value: unknown) => typeof value === 'string' || value instanceof Date ? new Date(value).getTime() > Date.now() : false

export async function maySchedule(check: WriteCheck, projectId: string | null, refusal: string): Promise<Verdict> {
  return hasBits(await projectPermissionsById(check.req, projectId), P.EDIT_DETAILS) || refusal
}
