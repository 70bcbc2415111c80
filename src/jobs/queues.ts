import { env } from '../lib/env'

/** The releases queue: `releaseScheduled` every minute and `refreshCounts` hourly (src/jobs). */
export const RELEASE_QUEUE = 'releases'
/** Where Payload queues `schedulePublish` jobs (it names no queue). */
export const PUBLISH_QUEUE = 'default'
/** Every queue the runner (src/jobs/runner.ts) serves. */
export const JOB_QUEUES = [RELEASE_QUEUE, PUBLISH_QUEUE] as const

/** How often the runner passes over the queues: RELEASE_SCHEDULED_CRON, a 5- or 6-field cron; default every minute. */
export const jobCron = env.releaseScheduledCron
