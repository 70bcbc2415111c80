import { Forbidden, type Config, type Payload, type PayloadRequest, type SanitizedConfig, type TaskConfig, type Where } from 'payload'

import { appendHooks } from '../lib/config/appendHooks'
import { actorOf, isAdmin, isNewsEditor, isStaff } from '../access/core/roles'
import { env } from '../lib/env'
import { sendPendingEmails } from '../lib/notifications/deliver'
import { refreshCounts } from './refreshCounts'
import { releaseScheduled } from './releaseScheduled'
import { jobCron, RELEASE_QUEUE } from './queues'

export { PUBLISH_QUEUE, RELEASE_QUEUE } from './queues'
export { guardScheduledPublishing } from './schedulePublish'

/*
 * Payload's jobs queue (reference: payload-notes §8): `releaseScheduled`, put on its queue by its
 * own schedule every minute, and `refreshCounts` (trending), hourly, on the `releases` queue; and
 * Payload's own `schedulePublish` (news and changelog published at a set time, queued by the admin
 * panel's "Schedule publish" with that time as `waitUntil`; who may queue and run it:
 * ./schedulePublish.ts) on the `default` queue. Our runner (./runner.ts, not Payload's `autoRun`,
 * whose instances race on a job) serves both queues, in every
 * web process (started in src/instrumentation.ts) or in a worker (`npm run jobs:worker`);
 * `JOBS_AUTORUN=false` leaves them to such a worker.
 */

const releaseScheduledTask: TaskConfig<'releaseScheduled'> = {
  slug: 'releaseScheduled',
  label: 'Release scheduled versions and projects',
  outputSchema: [
    { name: 'versions', type: 'number', required: true },
    { name: 'projects', type: 'number', required: true },
  ],
  // The next scheduled run tries again; a retry within this one would find the same state.
  retries: 0,
  schedule: [{ cron: jobCron(), queue: RELEASE_QUEUE }],
  handler: async ({ req }) => {
    const released = await releaseScheduled(req.payload)
    if (released.versions.length || released.projects.length) {
      req.payload.logger.info({ msg: 'Released scheduled items', versions: released.versions, projects: released.projects })
    }
    return { output: { versions: released.versions.length, projects: released.projects.length } }
  },
}

/**
 * Downloads are counted as they happen (src/lib/analytics); the trending sort reads the last week of
 * them, refreshed by this task (TRENDING_CRON, default hourly), which also drops expired seen-keys.
 */
const refreshCountsTask: TaskConfig<'refreshCounts'> = {
  slug: 'refreshCounts',
  label: 'Refresh trending from the counted downloads',
  retries: 0,
  schedule: [{ cron: env.trendingCron(), queue: RELEASE_QUEUE }],
  handler: async ({ req }) => {
    await refreshCounts(req.payload)
    return { output: {} }
  },
}

/**
 * Notification emails (issue 34): notifications are written `pending` in their change's transaction;
 * this sends them every minute, up to 10 batches a run (src/lib/notifications/deliver.ts).
 */
const sendNotificationEmailsTask: TaskConfig<'sendNotificationEmails'> = {
  slug: 'sendNotificationEmails',
  label: 'Send notification emails',
  // Failures are marked per notification; the next run takes the rest.
  retries: 0,
  schedule: [{ cron: jobCron(), queue: RELEASE_QUEUE }],
  handler: async ({ req }) => {
    for (let i = 0; i < 10; i++) {
      const { sent, skipped, failed } = await sendPendingEmails(req.payload)
      if (sent + skipped + failed === 0) break
    }
    return { output: {} }
  },
}

/** Queuing, running and cancelling jobs over HTTP (`/api/payload-jobs/…`): administrators only. */
const adminsOnly = ({ req }: { req: PayloadRequest }) => isAdmin(actorOf(req))

/**
 * Job rows: administrators read them all; news editors read the scheduled publications (the admin
 * panel's schedule drawer lists the upcoming ones), nobody else any.
 */
/**
 * The admin's "Schedule publish" drawer cancels a scheduled publication by deleting its job through
 * the Local API without access checks, and the admin is open to every signed-in user: this hook is
 * the rule that holds there. The system (no user) and admins delete any job; news editors and staff
 * only scheduled publications; anyone else nothing.
 */
async function guardJobDelete({ id, req }: { id: string | number; req: PayloadRequest }): Promise<void> {
  const actor = actorOf(req)
  if (!actor || isAdmin(actor)) return
  const job = await req.payload.findByID({ collection: 'payload-jobs', id, depth: 0, overrideAccess: true, disableErrors: true, req })
  if ((isNewsEditor(actor) || isStaff(actor)) && job?.taskSlug === 'schedulePublish') return
  throw new Forbidden(req.t)
}

const jobReaders = ({ req }: { req: PayloadRequest }): boolean | Where => {
  const actor = actorOf(req)
  if (isAdmin(actor)) return true
  return isNewsEditor(actor) ? { taskSlug: { equals: 'schedulePublish' } } : false
}

export const jobs: NonNullable<Config['jobs']> = {
  tasks: [releaseScheduledTask as unknown as TaskConfig, refreshCountsTask as unknown as TaskConfig, sendNotificationEmailsTask as unknown as TaskConfig],
  access: { queue: adminsOnly, run: adminsOnly, cancel: adminsOnly },
  // The job rows: the system's own; administrators may look.
  jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
    ...defaultJobsCollection,
    lockDocuments: false,
    access: { read: jobReaders, create: () => false, update: () => false, delete: adminsOnly },
    hooks: appendHooks(defaultJobsCollection, { last: { beforeDelete: [guardJobDelete] } }).hooks,
  }),
}

/**
 * The schedule's bookkeeping (the `payload-jobs-stats` global, added by Payload with open access)
 * decides when the next run is queued: only administrators may read it, nobody writes it by hand.
 */
export function lockJobStats(payload: Payload): void {
  const stats = payload.config.globals.find((g) => g.slug === 'payload-jobs-stats')
  if (stats) stats.access = { ...stats.access, read: adminsOnly, update: () => false, readVersions: () => false }
}

/**
 * Document locks stay off (migration `disable_document_locks`: Payload's lock collection let any
 * signed-in user lock anyone's document). Every collection opts out, but the schedule's stats
 * global cannot be given `lockDocuments: false` before Payload counts it, so Payload would bring
 * the lock collection back for it alone: take it out again once the config is built.
 */
export function withoutDocumentLocks(config: SanitizedConfig): SanitizedConfig {
  const locks: string = 'payload-locked-documents'
  for (const global of config.globals) global.lockDocuments = false
  if (config.collections.every((c) => c.slug === locks || c.lockDocuments === false)) {
    config.collections = config.collections.filter((c) => c.slug !== locks)
  }
  return config
}
