/**
 * `/v2` users and authentication: the LegacyUser shape, private fields only for the user (or an
 * admin) and, through a personal access token, only with USER_READ_EMAIL / PAYOUTS_READ; the
 * Authorization header with or without `Bearer`, for tokens and sessions alike.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Project, User } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ids, makeV2Project, makeVersion, patFor, sessionFor, USER_KEYS, v2 } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let owner: User & { collection: 'users' }
let listed: Project
let hidden: Project
type Json = Record<string, unknown>

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  owner = w.users.owner
  await payload.update({ collection: 'users', id: owner.id, data: { bio: 'Makes things.', badges: 5, payoutData: { paypalAddress: 'pay@example.test', paypalCountry: 'NL', balance: 12.5 } }, overrideAccess: true })
  listed = await makeV2Project(w, 'approved')
  await makeVersion(payload, listed)
  hidden = await makeV2Project(w, 'draft')
})

const getUser = async (auth?: string | null, key: string = owner.id) => {
  const res = await v2(`/user/${key}`, { auth })
  expect(res.status).toBe(200)
  return res.json<Json>()
}

describe('GET /v2/user/{id|username}', () => {
  it('answers the exact LegacyUser shape, with private fields null for others', async () => {
    const u = await getUser()
    expect(Object.keys(u).sort()).toEqual(USER_KEYS)
    expect(u).toMatchObject({
      id: owner.id, username: owner.username, name: null, bio: 'Makes things.', role: 'developer', badges: 5,
      email: null, email_verified: null, has_password: null, has_totp: null, payout_data: null, auth_providers: null, github_id: null,
    })
    expect(u.avatar_url).toBeNull()
    expect(typeof u.created).toBe('string')
  })

  it('finds users by username in any letter case; unknown users are 404 with an empty body', async () => {
    expect((await getUser(null, owner.username.toUpperCase())).id).toBe(owner.id)
    const res = await v2('/user/nobody-by-this-name')
    expect(res.status).toBe(404)
    expect(res.text).toBe('')
  })

  it('shows email and payout data to the user themself (session) and to admins', async () => {
    const self = await getUser(await sessionFor(payload, owner))
    expect(self).toMatchObject({ email: owner.email, has_password: true, payout_data: { paypal_address: 'pay@example.test', paypal_country: 'NL', venmo_handle: null, balance: 12.5 } })
    expect((await getUser(await sessionFor(payload, w.users.admin))).email).toBe(owner.email)
    expect((await getUser(await sessionFor(payload, w.users.stranger))).email).toBeNull()
    expect((await getUser(await sessionFor(payload, w.users.moderator))).email).toBeNull()
  })

  it('through a token: email only with USER_READ_EMAIL, payout data only with PAYOUTS_READ', async () => {
    const basic = await getUser(await patFor(payload, owner, ['USER_READ']))
    expect(basic).toMatchObject({ email: null, payout_data: null })
    const withEmail = await getUser(await patFor(payload, owner, ['USER_READ', 'USER_READ_EMAIL']))
    expect(withEmail).toMatchObject({ email: owner.email, payout_data: null })
    const withPayouts = await getUser(await patFor(payload, owner, ['USER_READ', 'PAYOUTS_READ']))
    expect(withPayouts.email).toBeNull()
    expect(withPayouts.payout_data).toMatchObject({ balance: 12.5 })
    // Without USER_READ the token does not count at all on user routes.
    expect((await getUser(await patFor(payload, owner, ['USER_READ_EMAIL']))).email).toBeNull()
  })
})

describe('GET /v2/users and /v2/user/{id}/projects', () => {
  it('returns several users by id or username', async () => {
    const list = (await v2(`/users?ids=${ids([w.users.admin.username, owner.id, 'ghost-user'])}`)).json<Json[]>()
    expect(list.map((u) => u.id)).toEqual([w.users.admin.id, owner.id])
    expect((await v2('/users?ids=admin')).status).toBe(400)
  })

  it("lists a user's projects as far as the caller may see them", async () => {
    const anon = (await v2(`/user/${owner.username}/projects`)).json<Json[]>().map((p) => p.id)
    expect(anon).toContain(listed.id)
    expect(anon).not.toContain(hidden.id)
    const mine = (await v2(`/user/${owner.id}/projects`, { auth: await sessionFor(payload, owner) })).json<Json[]>().map((p) => p.id)
    expect(mine).toEqual(expect.arrayContaining([listed.id, hidden.id]))
    expect((await v2('/user/ghost-user/projects')).status).toBe(404)
  })
})

describe('GET /v2/user (the caller)', () => {
  it('answers the signed-in user, 401 for anonymous callers', async () => {
    expect((await v2('/user', { auth: await sessionFor(payload, owner) })).json<Json>().id).toBe(owner.id)
    const res = await v2('/user')
    expect(res.status).toBe(401)
    expect(res.json<Json>()).toMatchObject({ error: 'unauthorized' })
  })
})

describe('the Authorization header', () => {
  it('takes tokens and sessions with or without Bearer; an empty header is anonymous', async () => {
    const pat = await patFor(payload, owner, ['PROJECT_READ'])
    const jwt = await sessionFor(payload, owner)
    for (const auth of [pat, `Bearer ${pat}`, `bearer ${pat}`, jwt, `Bearer ${jwt}`, `JWT ${jwt}`]) {
      expect((await v2(`/project/${hidden.id}`, { auth })).status, auth.slice(0, 12)).toBe(200)
    }
    for (const auth of ['', '   ', 'Bearer', 'Bearer ', 'mrp_not-a-real-token', 'Bearer not.a.jwt', 'garbage']) {
      expect((await v2(`/project/${hidden.id}`, { auth })).status, JSON.stringify(auth)).toBe(404)
      expect((await v2(`/project/${listed.id}`, { auth })).status, JSON.stringify(auth)).toBe(200)
    }
  })

  it('ignores expired tokens', async () => {
    const expired = (await payload.create({
      collection: 'access-tokens',
      data: { name: 'expired', scopes: String(1n << 11n), expiresAt: new Date(Date.now() - 1000).toISOString() },
      user: owner,
      overrideAccess: false,
    })) as { token?: string }
    expect((await v2(`/project/${hidden.id}`, { auth: expired.token! })).status).toBe(404)
  })
})
