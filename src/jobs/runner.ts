import { Cron } from 'croner'
import type { Payload, Where } from 'payload'
import pg from 'pg'

import { connectionConfig } from '../lib/db/sql'
import { jobCron, JOB_QUEUES } from './queues'

/**
 * Runs the job queues on one instance at a time.
 *
 * Payload's own runner (`jobs.autoRun`, and `payload jobs:run --cron`) claims jobs with a read and
 * then a write, so two instances on one database take the same job: both write its log row, one
 * fails, and Payload's error path then leaves that transaction open for good — a pool connection
 * and a transaction slot lost per clash, until every write of the site waits forever (seen when a
 * second instance shared the e2e database). Each tick here first takes a Postgres advisory lock;
 * an instance that does not get it skips the tick (the one holding it does the work), so a
 * schedule is queued once and a job runs once however many instances there are.
 *
 * The lock lives on a connection of its own, outside the pool: held in the pool it would take the
 * slot that pool's transaction gate keeps free (src/lib/db/transactionGate.ts). If that connection
 * drops, Postgres frees the lock with it and the next tick connects again.
 */

/** The advisory lock's key: any constant every instance agrees on ("jobs" in ASCII). */
export const JOB_LOCK_KEY = 0x6a6f6273

export type JobLock = {
  /** Runs `work` holding the lock, or returns false at once when another instance holds it. */
  withLock(work: () => Promise<void>): Promise<boolean>
  close(): Promise<void>
}

/** A lock on its own connection to the database the pool uses. */
export function jobLock(payload: Payload): JobLock {
  let client: pg.Client | null = null
  const connect = async (): Promise<pg.Client> => {
    if (client) return client
    const fresh = new pg.Client(connectionConfig(payload))
    // A dropped connection has lost the lock too: forget it, the next tick connects again.
    fresh.on('error', (err) => {
      payload.logger.warn({ err, msg: 'job lock connection lost' })
      if (client === fresh) client = null
    })
    await fresh.connect()
    client = fresh
    return fresh
  }
  return {
    async withLock(work) {
      const c = await connect()
      const { rows } = await c.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [JOB_LOCK_KEY])
      if (!rows[0]?.locked) return false
      try {
        await work()
      } finally {
        await c.query('SELECT pg_advisory_unlock($1)', [JOB_LOCK_KEY]).catch(() => undefined)
      }
      return true
    },
    async close() {
      const c = client
      client = null
      await c?.end().catch(() => undefined)
    },
  }
}

/** How long a job may have sat `processing`, untouched, before a runner holding the turn takes it as orphaned. */
export const ORPHAN_AFTER_MS = 60_000

/**
 * Puts back jobs an instance left `processing` when it stopped mid-pass (a deploy's SIGTERM, a
 * crash). Payload never runs such a job again, and while it stands it queues no new run of its
 * scheduled task: scheduled releases would stop for good. Only the runner holding the turn calls
 * this, and no other runner is then mid-pass, so such a job is an orphan; the grace spares one an
 * administrator runs by hand (`/api/payload-jobs/run`). Every task here may safely run twice.
 */
export async function releaseOrphans(payload: Payload, now = Date.now()): Promise<number> {
  const where: Where = {
    and: [
      { processing: { equals: true } },
      { queue: { in: [...JOB_QUEUES] } },
      { updatedAt: { less_than: new Date(now - ORPHAN_AFTER_MS).toISOString() } },
    ],
  }
  const released = await payload.db.updateMany({ collection: 'payload-jobs', where, data: { processing: false } })
  if (released?.length) payload.logger.warn({ msg: 'job runner: put back jobs left processing by a stopped instance', jobs: released.map((j) => j.id) })
  return released?.length ?? 0
}

/**
 * One pass over every queue: put back orphaned jobs, queue what the schedules say is due, then run
 * what is due. Returns false when another instance holds the lock (and so does this pass).
 */
export async function runDueJobs(payload: Payload, lock: JobLock, limit = 10): Promise<boolean> {
  return lock.withLock(async () => {
    await releaseOrphans(payload)
    for (const queue of JOB_QUEUES) {
      await payload.jobs.handleSchedules({ queue })
      await payload.jobs.run({ queue, limit, silent: { info: true } })
    }
  })
}

/** Starts the cron of this process's runner; a pass still going when the next is due skips it. */
export function startJobRunner(payload: Payload): Cron {
  const lock = jobLock(payload)
  return new Cron(jobCron(), { protect: true, catch: (err) => payload.logger.error({ err, msg: 'job runner pass failed' }) }, async () => {
    await runDueJobs(payload, lock)
  })
}
