/**
 * Issue 34 item 2: the header's unread count comes from GET /dashboard/notifications/unread — the
 * signed-in viewer's own unread notifications, never anyone else's, private and uncached.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import * as unread from '../../src/app/(frontend)/dashboard/notifications/unread/route'
import { viewerFor } from '../../src/lib/data/viewer'
import { markAllRead, markRead } from '../../src/lib/notifications/read'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { sessionFor } from '../helpers/v2'

let payload: Payload
let owner: Awaited<ReturnType<typeof makeUser>>
let other: Awaited<ReturnType<typeof makeUser>>

beforeAll(async () => {
  payload = await bootPayload()
  owner = await makeUser(payload)
  other = await makeUser(payload)
}, 120_000)

const notify = async (user: User, title: string) =>
  payload.create({ collection: 'notifications', data: { user: user.id, type: 'test', title }, overrideAccess: true, depth: 0 })

async function count(cookie: string | null): Promise<{ status: number; body: { unread?: number; error?: string }; cache: string | null }> {
  const headers: Record<string, string> = { host: 'localhost:3000', 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie: `payload-token=${cookie}` } : {}) }
  const res = await unread.GET(new Request('http://localhost:3000/dashboard/notifications/unread', { headers }))
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') }
}

describe('GET /dashboard/notifications/unread', () => {
  it('counts the owner’s unread notifications only, and goes down as they are read', async () => {
    const first = await notify(owner, 'First')
    await notify(owner, 'Second')
    await notify(owner, 'Third')
    await notify(other, 'Someone else’s')
    await notify(other, 'Someone else’s too')

    const session = await sessionFor(payload, owner)
    const before = await count(session)
    expect(before.status).toBe(200)
    expect(before.cache).toBe('private, no-store')
    expect(before.body).toEqual({ unread: 3 })

    const viewer = await viewerFor(payload, { ...owner, collection: 'users' })
    expect(await markRead(viewer, [first.id])).toBe(1)
    expect((await count(session)).body).toEqual({ unread: 2 })

    expect((await count(await sessionFor(payload, other))).body).toEqual({ unread: 2 })

    await markAllRead(viewer)
    expect((await count(session)).body).toEqual({ unread: 0 })
    expect((await count(await sessionFor(payload, other))).body).toEqual({ unread: 2 })
  })

  it('counts an admin’s own notifications, not everyone’s they may read', async () => {
    const admin = await makeUser(payload, 'admin')
    await notify(other, 'Not the admin’s')
    expect((await count(await sessionFor(payload, admin))).body).toEqual({ unread: 0 })
    await notify(admin, 'The admin’s')
    expect((await count(await sessionFor(payload, admin))).body).toEqual({ unread: 1 })
  })

  it('answers 401 JSON, uncached, to anonymous visitors and to a bad cookie', async () => {
    for (const cookie of [null, 'not-a-session']) {
      const res = await count(cookie)
      expect(res.status).toBe(401)
      expect(res.cache).toBe('private, no-store')
      expect(res.body.unread).toBeUndefined()
      expect(typeof res.body.error).toBe('string')
    }
  })
})
