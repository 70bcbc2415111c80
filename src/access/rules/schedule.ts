import { relationId } from '../../lib/ids'
import { REQUESTABLE_VERSION_STATUSES } from '../../lib/projectStatus'
import { SCHEDULE_TEXTS } from '../../lib/publishing/scheduleRules'
import { projectPermissionsById } from '../memberships'
import { ProjectPermissions as P, hasBits } from '../permissions'
import { isNewsEditor, isStaff, type Actor } from '../roles'
import { rule, type Verdict, type WriteCheck } from '../writeRules'

/*
 * Scheduled releases (labrinth `version_schedule`, `project_schedule`): a member with EDIT_DETAILS
 * puts a version or project into `scheduled` with the status it takes at a future time; the
 * `releaseScheduled` job (a system write) makes the change when the time comes. Staff set anything.
 */

/** The value the write leaves in `field` (the incoming one, else the stored one). */
const after = (check: WriteCheck, field: string) => (field in check.data ? check.data[field] : check.original?.[field])
const inFuture = (value: unknown) => typeof value === 'string' || value instanceof Date ? new Date(value).getTime() > Date.now() : false

async function maySchedule(check: WriteCheck, projectId: string | null, refusal: string): Promise<Verdict> {
  return hasBits(await projectPermissionsById(check.req, projectId), P.EDIT_DETAILS) || refusal
}

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

/**
 * A project's approval date: staff's, except that scheduling an approved project (EDIT_DETAILS;
 * the status rule checks it was approved) stores its release time there, as labrinth does.
 */
export const projectApprovedDate = rule('projectApprovedDate', async (check) => {
  if (isStaff(check.actor)) return true
  if (after(check, 'status') !== 'scheduled') return 'Only moderators may change this.'
  const allowed = await maySchedule(check, typeof check.original?.id === 'string' ? check.original.id : null, SCHEDULE_TEXTS.projectForbidden)
  if (allowed !== true) return allowed
  return inFuture(check.value) || { invalid: SCHEDULE_TEXTS.projectInPast }
})

/**
 * Scheduled publishing (Payload's `schedulePublish` job, the admin's "Schedule publish" drawer): the
 * collections that offer it, and who may schedule there — who may publish there, since the job
 * publishes as the system. A collection not listed offers none.
 */
const SCHEDULED_PUBLISHING: Record<string, { may: (actor: Actor | null) => boolean; refusal: string }> = {
  news: { may: isNewsEditor, refusal: 'Only news editors may schedule news articles.' },
  'changelog-entries': { may: isNewsEditor, refusal: 'Only news editors may schedule changelog entries.' },
}

/** Whether `collection` offers scheduled publishing (`versions.drafts.schedulePublish` and listed above). */
export const offersScheduledPublishing = (collection: string | null | undefined): collection is string =>
  !!collection && Object.hasOwn(SCHEDULED_PUBLISHING, collection)

/** Whether `actor` may schedule publishing (or unpublishing) a document of `collection`: true, or the refusal. */
export function maySchedulePublish(actor: Actor | null, collection: string | null | undefined): true | string {
  if (!offersScheduledPublishing(collection)) return `Scheduled publishing is not offered for ${collection ?? 'this document'}.`
  const entry = SCHEDULED_PUBLISHING[collection]!
  return entry.may(actor) || entry.refusal
}
