/**
 * A token's scopes bind on `/api` and GraphQL as on `/v2` (issue: write-side authorization, high):
 * a token with only VERSION_READ could change its owner's password and email and mint new tokens.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, gql } from '../helpers/http'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { patFor } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let w: World
beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

const later = () => new Date(Date.now() + 3_600_000).toISOString()

describe('token scopes on /api and GraphQL', () => {
  it('a VERSION_READ token cannot change the password or email, edit the profile, or mint tokens', async () => {
    const user = await makeUser(w.payload)
    const token = await patFor(w.payload, user, ['VERSION_READ'])
    for (const data of [{ password: 'hijacked-password' }, { email: 'attacker@example.test' }, { bio: 'pwned' }]) {
      const res = await api('PATCH', `/users/${user.id}`, { auth: token, body: data })
      expect(res.status, JSON.stringify(data)).toBe(403)
    }
    expect((await api('POST', '/access-tokens', { auth: token, body: { name: 'Minted', scopes: '0', expiresAt: later() } })).status).toBe(403)
    const g = await gql(`mutation($id: String!) { updateUser(id: $id, data: { password: "hijacked-password" }) { id } }`, { id: user.id }, token)
    expect(g.errors?.length).toBeGreaterThan(0)
    const mint = await gql(`mutation($e: String!) { createAccessToken(data: { name: "Minted", scopes: "0", expiresAt: $e }) { id } }`, { e: later() }, token)
    expect(mint.errors?.length).toBeGreaterThan(0)
    const stored = await w.payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })
    expect(stored.email).toBe(user.email)
    expect(stored.bio ?? null).toBeNull()
    expect((await w.payload.login({ collection: 'users', data: { username: user.username!, password: 'test-password-1' } })).token).toBeTruthy()
    expect((await w.payload.count({ collection: 'access-tokens', where: { user: { equals: user.id } }, overrideAccess: true })).totalDocs).toBe(1)
  })

  it('a USER_WRITE token edits the profile but still not the password or email', async () => {
    const user = await makeUser(w.payload)
    const token = await patFor(w.payload, user, ['USER_WRITE'])
    expect((await api('PATCH', `/users/${user.id}`, { auth: token, body: { bio: 'Written with a token' } })).status).toBe(200)
    const res = await api('PATCH', `/users/${user.id}`, { auth: token, body: { password: 'hijacked-password' } })
    expect(res.status).toBe(403)
    expect(res.text).toContain('needs a signed-in session')
  })

  it('without PROJECT_READ a member’s token sees only what anyone sees', async () => {
    const hidden = await w.makeProject('draft')
    const narrow = await patFor(w.payload, w.users.owner, ['VERSION_READ'])
    const wide = await patFor(w.payload, w.users.owner, ['PROJECT_READ'])
    expect((await api('GET', `/projects/${hidden.id}`, { auth: narrow })).status).toBe(404)
    expect((await api('GET', `/projects/${hidden.id}`, { auth: wide })).status).toBe(200)
  })

  it('without PROJECT_WRITE a token cannot edit a project its user owns', async () => {
    const project = await w.makeProject('draft')
    const token = await patFor(w.payload, w.users.owner, ['PROJECT_READ'])
    expect((await api('PATCH', `/projects/${project.id}`, { auth: token, body: { title: 'Edited By Token' } })).status).toBe(403)
    const ok = await patFor(w.payload, w.users.owner, ['PROJECT_READ', 'PROJECT_WRITE'])
    expect((await api('PATCH', `/projects/${project.id}`, { auth: ok, body: { title: 'Edited By Token' } })).status).toBe(200)
  })

  it('the email is only shown to a token with USER_READ_EMAIL', async () => {
    const user = await makeUser(w.payload)
    const plain = await patFor(w.payload, user, ['USER_READ'])
    const withEmail = await patFor(w.payload, user, ['USER_READ', 'USER_READ_EMAIL'])
    const a = (await api('GET', `/users/${user.id}`, { auth: plain })).body as { email?: string }
    const b = (await api('GET', `/users/${user.id}`, { auth: withEmail })).body as { email?: string }
    expect(a.email).toBeUndefined()
    expect(b.email).toBe(user.email)
  })
})

describe('a password change (low)', () => {
  it('ends the account’s other sessions and keeps the one that made it', async () => {
    const user = await makeUser(w.payload)
    const login = async () => (await w.payload.login({ collection: 'users', data: { username: user.username!, password: 'test-password-1' } })).token!
    const here = await login()
    const elsewhere = await login()
    const me = async (jwt: string) => ((await api('GET', '/users/me', { auth: jwt })).body as { user: { id: string } | null }).user?.id ?? null
    expect(await me(elsewhere)).toBe(user.id)
    expect((await api('PATCH', `/users/${user.id}`, { auth: here, body: { password: 'a-brand-new-password' } })).status).toBe(200)
    expect(await me(here)).toBe(user.id)
    expect(await me(elsewhere)).toBeNull()
  })
})

describe('a password change with revokeTokens', () => {
  it('also revokes the account’s tokens; without it they stay', async () => {
    const user = await makeUser(w.payload)
    const jwt = (await w.payload.login({ collection: 'users', data: { username: user.username!, password: 'test-password-1' } })).token!
    const token = await patFor(w.payload, user, ['USER_READ'])
    const tokens = async () => (await w.payload.count({ collection: 'access-tokens', where: { user: { equals: user.id } }, overrideAccess: true })).totalDocs
    expect((await api('PATCH', `/users/${user.id}`, { auth: jwt, body: { password: 'second-password-22' } })).status).toBe(200)
    expect(await tokens()).toBe(1)
    expect((await api('PATCH', `/users/${user.id}`, { auth: jwt, body: { password: 'third-password-333', revokeTokens: true } })).status).toBe(200)
    expect(await tokens()).toBe(0)
    expect(((await api('GET', '/users/me', { auth: token })).body as { user: unknown }).user).toBeNull()
  })
})
