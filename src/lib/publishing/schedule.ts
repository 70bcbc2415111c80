import { APIError } from 'payload'

import { projectPermissionsOn } from '../../access/core/memberships'
import { ProjectPermissions as P, hasBits } from '../../access/core/permissions'
import { WriteRefused } from '../../access/core/writeRules'

import type { Project, Version } from '../../payload-types'
import { as, type Viewer } from '../data/viewer'
import { SCHEDULE_TEXTS, scheduleProblem, type ScheduleRequest } from './scheduleRules'

/*
 * Scheduled releases, for the site's version form and `/v2` alike: the write goes through the
 * collections' rules as the viewer (EDIT_DETAILS, a requestable status, a future time), and the
 * `releaseScheduled` job makes the change when the time comes (src/jobs/releaseScheduled.ts).
 */

/** A refused schedule: a 400 with the reason (shown on the form, `invalid_input` on /v2). */
export class ScheduleRefused extends APIError {
  constructor(message: string) {
    super(message, 400, null, true)
  }
}

/** A refusal of the write rules for want of a bit (403), with its own words (else undefined). */
export const permissionRefusal = (error: unknown): string | undefined =>
  error instanceof WriteRefused && error.status === 403 ? error.message : undefined

function check(kind: 'version' | 'project', request: ScheduleRequest): void {
  const problem = scheduleProblem(kind, request)
  if (problem) throw new ScheduleRefused(problem)
}

/** The version becomes `scheduled`: hidden outside the team until `time`, then `requestedStatus`. */
export async function scheduleVersion(viewer: Viewer, versionId: string, request: ScheduleRequest): Promise<Version> {
  check('version', request)
  return viewer.payload.update({
    collection: 'versions',
    id: versionId,
    data: { status: 'scheduled', requestedStatus: request.requestedStatus as Version['requestedStatus'], datePublished: request.time.toISOString() },
    depth: 0,
    ...as(viewer),
  })
}

/** Statuses a scheduled version may go back to when its release is called off. */
export const CANCEL_STATUSES = ['draft', 'listed'] as const
export type CancelStatus = (typeof CANCEL_STATUSES)[number]

/**
 * Calls off a version's scheduled release: it becomes `status` now (a draft, or listed at once with
 * today's date) and nothing is requested any more.
 */
export async function cancelVersionSchedule(viewer: Viewer, versionId: string, status: CancelStatus): Promise<Version> {
  if (!(CANCEL_STATUSES as readonly string[]).includes(status)) throw new ScheduleRefused(`A cancelled release becomes ${CANCEL_STATUSES.join(' or ')}.`)
  const version = await viewer.payload.findByID({ collection: 'versions', id: versionId, depth: 0, ...as(viewer) })
  if (version.status !== 'scheduled') throw new ScheduleRefused('This version is not scheduled.')
  return viewer.payload.update({
    collection: 'versions',
    id: versionId,
    data: { status, requestedStatus: null, ...(status === 'listed' ? { datePublished: new Date().toISOString() } : {}) },
    depth: 0,
    ...as(viewer),
  })
}

/**
 * The project becomes `scheduled` until `time`, then `requestedStatus`. Only an approved project
 * (approved, archived, unlisted, private) may be scheduled — the status rule says so; like labrinth,
 * the time is kept as its approval date.
 */
export async function scheduleProject(viewer: Viewer, projectId: string, request: ScheduleRequest): Promise<Project> {
  check('project', request)
  // The rules refuse this too; asking first gives the scheduling refusal, not the settings' one.
  const project = await viewer.payload.findByID({ collection: 'projects', id: projectId, depth: 0, select: { team: true, organization: true }, ...as(viewer) })
  if (!hasBits(await projectPermissionsOn(viewer.req, project), P.EDIT_DETAILS)) throw new WriteRefused(SCHEDULE_TEXTS.projectForbidden)
  return viewer.payload.update({
    collection: 'projects',
    id: projectId,
    data: { status: 'scheduled', requestedStatus: request.requestedStatus as Project['requestedStatus'], approved: request.time.toISOString() },
    depth: 0,
    ...as(viewer),
  })
}
