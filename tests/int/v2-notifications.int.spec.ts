/**
 * /v2 notifications (issue 14 item 7): list, get, mark read and delete your own, one or several;
 * someone else's is 404 (admins may list anyone's); the NOTIFICATION_* scopes bind.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import * as v3Route from '../../src/app/v3/[...path]/route'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ids, patFor, v2 } from '../helpers/v2'
import { buildWorld } from '../helpers/world'

let payload: Payload
let me: User & { collection: 'users' }
let other: User & { collection: 'users' }
let admin: User & { collection: 'users' }

beforeAll(async () => {
  payload = await bootPayload()
  ;[me, other, admin] = [await makeUser(payload), await makeUser(payload), await makeUser(payload, 'admin')]
})

const make = (user: User, title: string) => payload.create({ collection: 'notifications', data: { user: user.id, type: 'status_change', title, text: 'Body', link: '/mod/x', body: { type: 'status_change' } }, overrideAccess: true })
const stored = async (id: string) => payload.findByID({ collection: 'notifications', id, overrideAccess: true, disableErrors: true })

describe('/v2 notifications', () => {
  it('list, get, read and delete your own', async () => {
    const [a, b, c] = [await make(me, '**A** approved'), await make(me, 'b'), await make(me, 'c')]
    const token = await patFor(payload, me, ['NOTIFICATION_READ', 'NOTIFICATION_WRITE'])
    const list = await v2(`/user/${me.username}/notifications`, { auth: token })
    expect(list.status).toBe(200)
    const docs = list.json<{ id: string; title: string; read: boolean; user_id: string; type: string; link: string; actions: unknown[] }[]>()
    expect(docs.map((d) => d.id).sort()).toEqual([a.id, b.id, c.id].sort())
    expect(docs.find((d) => d.id === a.id)).toMatchObject({ title: '**A** approved', read: false, user_id: me.id, type: 'status_change', link: '/mod/x', actions: [] })

    expect((await v2(`/notification/${a.id}`, { auth: token })).json()).toMatchObject({ id: a.id })
    expect((await v2(`/notification/${a.id}`, { method: 'PATCH', auth: token })).status).toBe(204)
    expect((await stored(a.id))?.read).toBe(true)
    expect((await v2(`/notifications?ids=${ids([b.id, c.id])}`, { method: 'PATCH', auth: token })).status).toBe(204)
    expect((await stored(c.id))?.read).toBe(true)
    expect((await v2(`/notifications?ids=${ids([a.id, b.id, 'nope1234'])}`, { auth: token })).json<unknown[]>()).toHaveLength(2)
    expect((await v2(`/notification/${a.id}`, { method: 'DELETE', auth: token })).status).toBe(204)
    expect((await v2(`/notifications?ids=${ids([b.id])}`, { method: 'DELETE', auth: token })).status).toBe(204)
    expect(await stored(a.id)).toBeNull()
    expect(await stored(b.id)).toBeNull()
    expect(await stored(c.id)).not.toBeNull()
  })

  it('someone else’s are hidden and untouched; admins may list them', async () => {
    const theirs = await make(other, 'theirs')
    const token = await patFor(payload, me, ['NOTIFICATION_READ', 'NOTIFICATION_WRITE'])
    expect((await v2(`/notification/${theirs.id}`, { auth: token })).status).toBe(404)
    expect((await v2(`/notification/${theirs.id}`, { method: 'PATCH', auth: token })).status).toBe(404)
    expect((await v2(`/notification/${theirs.id}`, { method: 'DELETE', auth: token })).status).toBe(404)
    expect((await v2(`/notifications?ids=${ids([theirs.id])}`, { method: 'DELETE', auth: token })).status).toBe(204)
    expect((await v2(`/user/${other.id}/notifications`, { auth: token })).status).toBe(401)
    expect(await stored(theirs.id)).toMatchObject({ read: false })
    const adminToken = await patFor(payload, admin, ['NOTIFICATION_READ'])
    expect((await v2(`/user/${other.id}/notifications`, { auth: adminToken })).json<{ id: string }[]>().map((n) => n.id)).toContain(theirs.id)
  })

  it('the scopes bind: reading needs NOTIFICATION_READ, changing NOTIFICATION_WRITE', async () => {
    const n = await make(me, 'scoped')
    const readOnly = await patFor(payload, me, ['NOTIFICATION_READ'])
    const none = await patFor(payload, me, ['PROJECT_READ'])
    expect((await v2(`/notification/${n.id}`, { auth: none })).status).toBe(401)
    expect((await v2(`/notification/${n.id}`, { method: 'PATCH', auth: readOnly })).status).toBe(401)
    expect((await stored(n.id))?.read).toBe(false)
    expect((await v2(`/notification/${n.id}`))).toMatchObject({ status: 401 })
  })
})

describe('/v2 follows', () => {
  it('lists the projects you follow; not someone else’s', async () => {
    await seedTags(payload)
    const w = await buildWorld(payload)
    const project = await w.makeProject('approved')
    await payload.create({ collection: 'follows', data: { user: me.id, project: project.id }, overrideAccess: true })
    const token = await patFor(payload, me, ['USER_READ', 'PROJECT_READ'])
    const mine = await v2(`/user/${me.id}/follows`, { auth: token })
    expect(mine.status).toBe(200)
    expect(mine.json<{ id: string }[]>().map((p) => p.id)).toEqual([project.id])
    expect((await v2(`/user/${other.id}/follows`, { auth: token })).status).toBe(401)
    expect((await v2(`/user/${me.id}/follows`)).status).toBe(401)
  })
})

/** Calls the /v3 route handler directly, as a launcher would. */
async function v3(path: string, { method = 'GET', auth }: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; auth?: string } = {}) {
  const headers = new Headers({ 'x-forwarded-for': '10.98.0.1' })
  if (auth) headers.set('authorization', auth)
  const res = await v3Route[method](new Request(`http://localhost/v3${path}`, { method, headers }))
  const text = await res.text()
  return { status: res.status, json: <T>() => JSON.parse(text) as T }
}

describe('/v3 notifications and following (the same routes and rules as /v2)', () => {
  it('list, read and delete your own; someone else’s are not yours to read', async () => {
    const [a, b] = [await make(me, 'v3 a'), await make(other, 'v3 other')]
    const token = await patFor(payload, me, ['NOTIFICATION_READ', 'NOTIFICATION_WRITE'])
    const list = await v3(`/user/${me.username}/notifications`, { auth: token })
    expect(list.status).toBe(200)
    expect(list.json<{ id: string }[]>().map((d) => d.id)).toContain(a.id)
    expect((await v3(`/notification/${a.id}`, { method: 'PATCH', auth: token })).status).toBe(204)
    expect((await stored(a.id))?.read).toBe(true)
    expect((await v3(`/notification/${b.id}`, { auth: token })).status).toBe(404)
    expect((await v3(`/notification/${a.id}`, { method: 'DELETE', auth: token })).status).toBe(204)
    expect(await stored(a.id)).toBeNull()
    expect((await v3(`/user/${me.username}/notifications`)).status).toBe(401)
  })

  it('follow and unfollow a project with a token that may', async () => {
    const w = await buildWorld(payload)
    const project = await w.makeProject('approved')
    const token = await patFor(payload, me, ['USER_WRITE', 'USER_READ'])
    const followed = await v3(`/project/${project.id}/follow`, { method: 'POST', auth: token })
    expect(followed.status).toBe(204)
    expect((await payload.count({ collection: 'follows', where: { and: [{ user: { equals: me.id } }, { project: { equals: project.id } }] }, overrideAccess: true })).totalDocs).toBe(1)
    expect((await v3(`/project/${project.id}/follow`, { method: 'POST', auth: token })).status).toBe(400)
    expect((await v3(`/project/${project.id}/follow`, { method: 'DELETE', auth: token })).status).toBe(204)
    const readOnly = await patFor(payload, me, ['NOTIFICATION_READ'])
    expect((await v3(`/project/${project.id}/follow`, { method: 'POST', auth: readOnly })).status).toBe(401)
  })
})
