/**
 * Moderation (issue 15 items 1, 2 and 6): review locks (two moderators never both take a project,
 * lapsed locks free it, admins override), decisions (staff only, a message to reject or withhold, a
 * thread message and the status-change record, a lock binds on every surface), the queue (staff
 * only, oldest first) and the review wait figures.
 */
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { moderationQueue, projectThreadOf, recentReviewWaits, reviewWaitOf } from '../../src/lib/data/moderation'
import { staffUserDetails } from '../../src/lib/data/staffUser'
import { viewerFor, type AuthUser, type Viewer } from '../../src/lib/data/viewer'
import { decide } from '../../src/lib/moderation/decide'
import { lockOf, LOCK_MINUTES, releaseLock, takeLock } from '../../src/lib/moderation/locks'
import { MODERATION_LOCKED } from '../../src/lib/moderation/texts'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let pool: Pool
let moderator2: User & { collection: 'users' }
const viewerOf = (user: User | null): Promise<Viewer> => viewerFor(payload, user ? ({ ...user, collection: 'users' } as AuthUser) : null)
const statusOf = async (id: string) => (await payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true })).status

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  pool = (payload.db as unknown as { pool: Pool }).pool
  moderator2 = await makeUser(payload, 'moderator')
})

describe('review locks', () => {
  it('go to exactly one of two moderators racing for the same project', async () => {
    const p = await w.makeProject('processing')
    const results = await Promise.all([takeLock(payload, p.id, w.users.moderator.id), takeLock(payload, p.id, moderator2.id)])
    const won = results.filter((r) => r.ok)
    expect(won).toHaveLength(1)
    const winner = won[0]!.ok ? won[0]!.lock.moderatorId : ''
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, heldBy: { moderatorId: winner } })
    expect((await lockOf(payload, p.id))?.moderatorId).toBe(winner)
  })

  it('are renewed by their holder, free the project once lapsed or released, and give way to an admin’s override', async () => {
    const p = await w.makeProject('processing')
    expect((await takeLock(payload, p.id, w.users.moderator.id)).ok).toBe(true)
    expect((await takeLock(payload, p.id, w.users.moderator.id)).ok).toBe(true)
    expect((await takeLock(payload, p.id, moderator2.id)).ok).toBe(false)
    await pool.query(`UPDATE moderation_locks SET locked_at = now() - $2::interval WHERE project_id = $1`, [p.id, `${LOCK_MINUTES + 1} minutes`])
    expect(await lockOf(payload, p.id)).toBeNull()
    expect((await takeLock(payload, p.id, moderator2.id)).ok).toBe(true)
    expect(await releaseLock(payload, p.id, w.users.moderator.id)).toBe(false)
    expect((await takeLock(payload, p.id, w.users.admin.id, { override: true })).ok).toBe(true)
    expect((await lockOf(payload, p.id))?.moderatorId).toBe(w.users.admin.id)
  })
})

describe('decisions', () => {
  it('reject with a message: status, the message kept on the project, in the thread after the status record; the lock ends', async () => {
    const p = await w.makeProject('processing')
    const r = await decide(await viewerOf(w.users.moderator), p.id, 'reject', 'Please add a description.')
    expect(r).toEqual({ ok: true, status: 'rejected' })
    const stored = await payload.findByID({ collection: 'projects', id: p.id, depth: 0, overrideAccess: true })
    expect(stored.status).toBe('rejected')
    expect(stored.moderatorMessage?.body).toBe('Please add a description.')
    const thread = await projectThreadOf(await viewerOf(w.users.owner), stored)
    expect(thread?.messages.map((m) => [m.type, m.text ?? `${m.oldStatus}→${m.newStatus}`])).toEqual(expect.arrayContaining([['status_change', 'processing→rejected'], ['text', 'Please add a description.']]))
    expect(await lockOf(payload, p.id)).toBeNull()
  })

  it('approve gives the status the team asked for', async () => {
    const p = await w.makeProject('processing')
    await payload.update({ collection: 'projects', id: p.id, data: { requestedStatus: 'unlisted' }, overrideAccess: true })
    expect(await decide(await viewerOf(w.users.moderator), p.id, 'approve', '')).toEqual({ ok: true, status: 'unlisted' })
  })

  it('are refused: to anyone but staff, without a message to reject, on a project not under review, and under another’s lock', async () => {
    const p = await w.makeProject('processing')
    for (const actor of ['owner', 'member', 'stranger', 'newsEditor'] as const) expect(await decide(await viewerOf(w.users[actor]), p.id, 'approve', '')).toEqual({ ok: false, reason: 'notFound' })
    expect(await decide(await viewerOf(null), p.id, 'approve', '')).toEqual({ ok: false, reason: 'notFound' })
    expect(await decide(await viewerOf(w.users.moderator), p.id, 'withhold', '   ')).toMatchObject({ ok: false, reason: 'refused' })
    const draft = await w.makeProject('draft')
    expect(await decide(await viewerOf(w.users.moderator), draft.id, 'approve', '')).toMatchObject({ ok: false, reason: 'refused' })
    await takeLock(payload, p.id, moderator2.id)
    expect(await decide(await viewerOf(w.users.moderator), p.id, 'approve', '')).toEqual({ ok: false, reason: 'refused', message: MODERATION_LOCKED })
    expect(await statusOf(p.id)).toBe('processing')
  })

  it('the lock binds on every surface: the collection refuses the status change by another moderator; an admin may', async () => {
    const p = await w.makeProject('processing')
    await takeLock(payload, p.id, moderator2.id)
    await expect(payload.update({ collection: 'projects', id: p.id, data: { status: 'approved' }, user: w.users.moderator, overrideAccess: false })).rejects.toThrow()
    expect(await statusOf(p.id)).toBe('processing')
    await payload.update({ collection: 'projects', id: p.id, data: { status: 'rejected' }, user: w.users.admin, overrideAccess: false })
    expect(await statusOf(p.id)).toBe('rejected')
  })
})

describe('the queue and the wait', () => {
  it('lists projects under review, oldest submission first, to staff only', async () => {
    const [a, b] = [await w.makeProject('processing'), await w.makeProject('processing')]
    await payload.update({ collection: 'projects', id: a.id, data: { queued: '2020-01-02T00:00:00Z' }, overrideAccess: true })
    await payload.update({ collection: 'projects', id: b.id, data: { queued: '2020-01-01T00:00:00Z' }, overrideAccess: true })
    const queue = (await moderationQueue(await viewerOf(w.users.moderator), { sort: 'oldest' }))!
    const ids = queue.map((q) => q.id)
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id))
    expect(queue.every((q) => q.queued)).toBe(true)
    expect(await moderationQueue(await viewerOf(w.users.owner), { sort: 'oldest' })).toBeNull()
  })

  it('measures waits from submission to decision, and places a project in the queue', async () => {
    const p = await w.makeProject('draft')
    // Submitted (by the site's record), then decided a little later.
    const thread = (await payload.findByID({ collection: 'projects', id: p.id, depth: 0, overrideAccess: true })).thread as string
    await pool.query(`INSERT INTO thread_messages (id, thread_id, type, old_status, new_status, created_at, updated_at) VALUES ($1, $2, 'status_change', 'draft', 'processing', now() - interval '5 hours', now()), ($3, $2, 'status_change', 'processing', 'approved', now() - interval '2 hours', now())`, [`w1${Date.now().toString(36)}`.slice(0, 8), thread, `w2${Date.now().toString(36)}`.slice(0, 8)])
    const waits = await recentReviewWaits(await viewerOf(w.users.moderator))
    expect(waits.some((ms) => Math.abs(ms - 3 * 3_600_000) < 60_000)).toBe(true)
    const queued = await w.makeProject('processing')
    const wait = await reviewWaitOf(await viewerOf(w.users.owner), { ...queued, queued: new Date().toISOString() })
    expect(wait?.position).toBeGreaterThan(1)
    expect(wait?.typicalMs).not.toBeNull()
  })
})

describe('notifications of a decision', () => {
  it('reach the team (not the moderator) for a rejection and an approval', async () => {
    const p = await w.makeProject('processing')
    const count = async (user: User) => (await payload.count({ collection: 'notifications', where: { and: [{ user: { equals: user.id } }, { type: { equals: 'status_change' } }, { link: { contains: p.slug } }] }, overrideAccess: true })).totalDocs
    await decide(await viewerOf(w.users.moderator), p.id, 'reject', 'Fix the summary.')
    expect(await count(w.users.owner)).toBe(1)
    expect(await count(w.users.member)).toBe(1)
    expect(await count(w.users.moderator)).toBe(0)
  })
})

describe('staff user details', () => {
  it('are for staff only; the email for administrators only', async () => {
    const p = await w.makeProject('draft')
    expect(await staffUserDetails(await viewerOf(w.users.member), w.users.owner)).toBeNull()
    expect(await staffUserDetails(await viewerOf(null), w.users.owner)).toBeNull()
    const asMod = await staffUserDetails(await viewerOf(w.users.moderator), w.users.owner)
    expect(asMod?.email).toBeNull()
    expect(asMod?.projects.map((x) => x.id)).toContain(p.id)
    const asAdmin = await staffUserDetails(await viewerOf(w.users.admin), w.users.owner)
    expect(asAdmin?.email).toBe(w.users.owner.email)
  })
})
