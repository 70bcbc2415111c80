/**
 * The job runner (src/jobs/runner.ts) takes turns across instances: Payload's own runner let two
 * instances take the same job, and the clash left a transaction open for good (the site's writes
 * then waited forever). Two runners here stand for two instances: each has its own lock connection.
 */
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RELEASE_QUEUE } from '../../src/jobs'
import { jobLock, ORPHAN_AFTER_MS, releaseOrphans, runDueJobs, type JobLock } from '../../src/jobs/runner'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let a: JobLock
let b: JobLock

beforeAll(async () => {
  payload = await bootPayload()
  a = jobLock(payload)
  b = jobLock(payload)
})
afterAll(async () => {
  await a.close()
  await b.close()
})

const openTransactions = async () => {
  const pool = (payload.db as unknown as { pool: import('pg').Pool }).pool
  const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND now() - state_change > interval '2 seconds'")
  return Number(rows[0]!.n)
}

describe('job runner', () => {
  it('one instance at a time: while one holds the turn, another skips at once, and gets it once it is free', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    const first = a.withLock(async () => {
      entered()
      await held
    })
    await inside
    let ranSecond = false
    expect(await b.withLock(async () => void (ranSecond = true))).toBe(false)
    expect(ranSecond).toBe(false)
    release()
    expect(await first).toBe(true)
    expect(await b.withLock(async () => void (ranSecond = true))).toBe(true)
    expect(ranSecond).toBe(true)
  })

  it('a pass that fails gives the turn back', async () => {
    await expect(a.withLock(async () => Promise.reject(new Error('task blew up')))).rejects.toThrow('task blew up')
    expect(await b.withLock(async () => undefined)).toBe(true)
  })

  it('two instances passing at once run a queued job once, and leave no transaction open', async () => {
    const job = await payload.jobs.queue({ task: 'releaseScheduled', input: {}, queue: RELEASE_QUEUE })
    const passes = await Promise.all([runDueJobs(payload, a), runDueJobs(payload, b)])
    expect(passes).toContain(true)
    // It ran and succeeded: a finished job is deleted, a failed one stays with its error.
    await expect.poll(async () => (await payload.find({ collection: 'payload-jobs', where: { id: { equals: job.id } }, overrideAccess: true, depth: 0 })).docs, { timeout: 10_000 }).toEqual([])
    expect(await openTransactions()).toBe(0)
  })

  it('a job an instance left processing when it stopped is run again by the next pass', async () => {
    const job = await payload.jobs.queue({ task: 'releaseScheduled', input: {}, queue: RELEASE_QUEUE })
    const stale = new Date(Date.now() - ORPHAN_AFTER_MS - 5_000).toISOString()
    // What a SIGTERM mid-pass leaves: the row taken, never finished.
    await payload.db.updateOne({ collection: 'payload-jobs', id: job.id, data: { processing: true, updatedAt: stale } })
    await payload.jobs.run({ queue: RELEASE_QUEUE, silent: true })
    expect((await payload.find({ collection: 'payload-jobs', where: { id: { equals: job.id } }, overrideAccess: true, depth: 0 })).docs).toHaveLength(1)

    expect(await runDueJobs(payload, a)).toBe(true)
    await expect.poll(async () => (await payload.find({ collection: 'payload-jobs', where: { id: { equals: job.id } }, overrideAccess: true, depth: 0 })).docs, { timeout: 10_000 }).toEqual([])
  })

  it('a job processing right now is left to its runner', async () => {
    const job = await payload.jobs.queue({ task: 'releaseScheduled', input: {}, queue: RELEASE_QUEUE })
    await payload.db.updateOne({ collection: 'payload-jobs', id: job.id, data: { processing: true, updatedAt: new Date().toISOString() } })
    await releaseOrphans(payload)
    const row = await payload.findByID({ collection: 'payload-jobs', id: job.id, overrideAccess: true, depth: 0 })
    expect(row.processing).toBe(true)
    await payload.delete({ collection: 'payload-jobs', id: job.id, overrideAccess: true })
  })
})
