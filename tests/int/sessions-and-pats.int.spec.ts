/**
 * Sessions and personal access tokens of an account (issue 12 items 5 and 6): each sign-in is a
 * session with its device, listed and revoked on /v2 as labrinth does; a revoked session stops at
 * once; PATs are made, listed, edited and revoked only by a session (their scopes are restricted),
 * never carry restricted scopes, and a token past expiry or revoked no longer works.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { Scopes } from '../../src/access/core/scopes'
import { requestFor } from '../../src/lib/auth/request'
import { listSessions, sessionIdOf } from '../../src/lib/auth/sessions'
import { signOut } from '../../src/lib/auth/signOut'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { patFor, v2 } from '../helpers/v2'

let payload: Payload
let me: User & { collection: 'users' }
let other: User & { collection: 'users' }
type Json = Record<string, unknown>

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

async function signIn(user: User, userAgent: string): Promise<string> {
  const req = await requestFor(payload, new Headers({ 'user-agent': userAgent }))
  const { token } = await payload.login({ collection: 'users', data: { username: user.username, password: 'test-password-1' }, req })
  return token!
}
const future = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString()

beforeAll(async () => {
  payload = await bootPayload()
  me = await makeUser(payload)
  other = await makeUser(payload)
})

describe('sessions', () => {
  it('notes each sign-in with its OS and platform, and lists the live ones with the current one first', async () => {
    const firefox = await signIn(me, FIREFOX_LINUX)
    const chrome = await signIn(me, CHROME_WINDOWS)
    const list = await listSessions(payload, me.id, sessionIdOf(chrome))
    expect(list[0]).toMatchObject({ id: sessionIdOf(chrome), os: expect.stringContaining('Windows'), platform: 'Chrome', current: true })
    expect(list.find((s) => s.id === sessionIdOf(firefox))).toMatchObject({ os: 'Linux', platform: 'Firefox', current: false })

    const res = await v2('/session/list', { auth: firefox })
    expect(res.status).toBe(200)
    const sessions = res.json<Json[]>()
    expect(sessions.map((s) => s.id)).toEqual(expect.arrayContaining([sessionIdOf(firefox), sessionIdOf(chrome)]))
    const mine = sessions.find((s) => s.id === sessionIdOf(firefox))!
    expect(mine).toMatchObject({ current: true, os: 'Linux', platform: 'Firefox', user_agent: FIREFOX_LINUX, user_id: me.id, session: null })
  })

  it('revoking a session ends it at once; the caller may not end a session that is not theirs', async () => {
    const keep = await signIn(me, FIREFOX_LINUX)
    const doomed = await signIn(me, CHROME_WINDOWS)
    expect((await v2('/user', { auth: doomed })).status).toBe(200)

    const strangers = await signIn(other, CHROME_WINDOWS)
    expect((await v2(`/session/${sessionIdOf(doomed)}`, { method: 'DELETE', auth: strangers })).status).toBe(404)
    expect((await v2('/user', { auth: doomed })).status).toBe(200)

    const res = await v2(`/session/${sessionIdOf(doomed)}`, { method: 'DELETE', auth: keep })
    expect(res.status).toBe(204)
    expect((await v2('/user', { auth: doomed })).status).toBe(401)
    expect((await payload.auth({ headers: new Headers({ authorization: `JWT ${doomed}` }) })).user).toBeNull()
    expect((await v2('/user', { auth: keep })).status).toBe(200)
    expect((await v2(`/session/${sessionIdOf(doomed)}`, { method: 'DELETE', auth: keep })).status).toBe(404)
  })

  it('signing out forgets the session and what was noted about it', async () => {
    const token = await signIn(me, FIREFOX_LINUX)
    const sid = sessionIdOf(token)!
    expect((await payload.count({ collection: 'session-details', where: { sid: { equals: sid } }, overrideAccess: true })).totalDocs).toBe(1)
    // The browser's session cookie: sign-out reads no Authorization header (src/lib/auth/request.ts).
    await signOut(payload, new Headers({ cookie: `payload-token=${token}`, 'sec-fetch-site': 'same-origin' }))
    expect((await payload.count({ collection: 'session-details', where: { sid: { equals: sid } }, overrideAccess: true })).totalDocs).toBe(0)
    expect((await listSessions(payload, me.id, null)).some((s) => s.id === sid)).toBe(false)
  })

  it('refreshing a session extends it under the same id with a new token; a token cannot refresh', async () => {
    const old = await signIn(me, FIREFOX_LINUX)
    const before = (await listSessions(payload, me.id, sessionIdOf(old))).find((s) => s.current)!
    // JWT times are whole seconds: the clock moves on (Date only) so the new token is visibly newer.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_000 })
    const res = await v2('/session/refresh', { method: 'POST', auth: old }).finally(() => vi.useRealTimers())
    expect(res.status, res.text).toBe(200)
    const body = res.json<Json & { session: string }>()
    expect(body).toMatchObject({ id: sessionIdOf(old), current: true, os: 'Linux', platform: 'Firefox' })
    expect(body.session).not.toBe(old)
    expect(sessionIdOf(body.session)).toBe(sessionIdOf(old))
    expect(new Date(String(body.expires)).getTime()).toBeGreaterThan(new Date(before.expires).getTime())
    expect((await v2('/user', { auth: body.session })).status).toBe(200)
    const pat = await patFor(payload, me, ['USER_READ'])
    expect((await v2('/session/refresh', { method: 'POST', auth: pat })).status).toBe(401)
    expect((await v2('/session/refresh', { method: 'POST' })).status).toBe(401)
  })

  it('a personal access token cannot list or end sessions, whatever its scopes (401)', async () => {
    const pat = await patFor(payload, me, ['USER_READ', 'PROJECT_READ'])
    expect((await v2('/session/list', { auth: pat })).status).toBe(401)
    const someSid = sessionIdOf(await signIn(me, FIREFOX_LINUX))
    expect((await v2(`/session/${someSid}`, { method: 'DELETE', auth: pat })).status).toBe(401)
    expect((await v2('/session/list')).status).toBe(401)
  })
})

describe('personal access tokens on /v2', () => {
  it('a session makes a token shown once, lists it without the secret, edits and revokes it', async () => {
    const session = await signIn(me, FIREFOX_LINUX)
    const bits = Number(Scopes.PROJECT_READ | Scopes.VERSION_CREATE)
    const made = await v2('/pat', { method: 'POST', auth: session, body: { name: 'CI uploads', scopes: bits, expires: future() } })
    expect(made.status).toBe(200)
    const pat = made.json<Json>()
    expect(pat).toMatchObject({ name: 'CI uploads', scopes: bits, user_id: me.id, last_used: null })
    expect(String(pat.access_token)).toMatch(/^mrp_[0-9A-Za-z]{60}$/)

    // The token works, and its use is noted.
    expect((await v2('/project/no-such-project', { auth: String(pat.access_token) })).status).toBe(404)
    const listed = (await v2('/pat', { auth: session })).json<Json[]>().find((p) => p.id === pat.id)!
    expect(listed.access_token).toBeNull()

    const edited = await v2(`/pat/${pat.id}`, { method: 'PATCH', auth: session, body: { name: 'CI uploads (renamed)', scopes: Number(Scopes.USER_READ) } })
    expect(edited.status).toBe(204)
    expect((await v2('/user', { auth: String(pat.access_token) })).status).toBe(200)
    expect((await v2('/pat', { auth: session })).json<Json[]>().find((p) => p.id === pat.id)).toMatchObject({ name: 'CI uploads (renamed)', scopes: Number(Scopes.USER_READ) })

    expect((await v2(`/pat/${pat.id}`, { method: 'DELETE', auth: session })).status).toBe(204)
    expect((await v2('/user', { auth: String(pat.access_token) })).status).toBe(401)
    expect((await v2('/pat', { auth: session })).json<Json[]>().some((p) => p.id === pat.id)).toBe(false)
  })

  it('refuses restricted scopes, a short name and a past expiry, and makes nothing', async () => {
    const session = await signIn(me, FIREFOX_LINUX)
    const before = (await v2('/pat', { auth: session })).json<Json[]>().length
    const restricted = await v2('/pat', { method: 'POST', auth: session, body: { name: 'Sneaky', scopes: Number(Scopes.PAT_CREATE), expires: future() } })
    expect(restricted.status).toBe(400)
    expect(restricted.json<Json>()).toMatchObject({ error: 'invalid_input', description: expect.stringContaining('only be used by a session') })
    const short = await v2('/pat', { method: 'POST', auth: session, body: { name: 'ab', scopes: 0, expires: future() } })
    expect(short.status).toBe(400)
    expect(short.json<Json>().description).toContain('3 to 255')
    const past = await v2('/pat', { method: 'POST', auth: session, body: { name: 'Old', scopes: 0, expires: new Date(Date.now() - 1000).toISOString() } })
    expect(past.status).toBe(400)
    expect(past.json<Json>().description).toBe('Expire date must be in the future!')
    expect((await v2('/pat', { auth: session })).json<Json[]>().length).toBe(before)
  })

  it('a token cannot manage tokens (401), nor can anyone touch another user’s token (404)', async () => {
    const pat = await patFor(payload, me, ['USER_READ', 'PROJECT_WRITE'])
    expect((await v2('/pat', { auth: pat })).status).toBe(401)
    expect((await v2('/pat', { method: 'POST', auth: pat, body: { name: 'Child', scopes: 0, expires: future() } })).status).toBe(401)

    const mine = (await v2('/pat', { method: 'POST', auth: await signIn(me, FIREFOX_LINUX), body: { name: 'Mine', scopes: 2, expires: future() } })).json<Json>()
    const stranger = await signIn(other, CHROME_WINDOWS)
    expect((await v2(`/pat/${mine.id}`, { method: 'PATCH', auth: stranger, body: { name: 'Stolen' } })).status).toBe(404)
    expect((await v2(`/pat/${mine.id}`, { method: 'DELETE', auth: stranger })).status).toBe(404)
    expect((await v2('/user', { auth: String(mine.access_token) })).status).toBe(200)
  })

  it('a token past its expiry no longer works', async () => {
    const session = await signIn(me, FIREFOX_LINUX)
    const made = (await v2('/pat', { method: 'POST', auth: session, body: { name: 'Short-lived', scopes: Number(Scopes.USER_READ), expires: future(1) } })).json<Json>()
    expect((await v2('/user', { auth: String(made.access_token) })).status).toBe(200)
    const past = new Date(Date.now() - 1000).toISOString()
    await payload.update({ collection: 'access-tokens', id: String(made.id), data: { expiresAt: past }, overrideAccess: true })
    // The "last used" note of the request above lands on its own; it must not undo the edit.
    await expect.poll(async () => (await payload.findByID({ collection: 'access-tokens', id: String(made.id), overrideAccess: true })).lastUsed).toBeTruthy()
    expect((await payload.findByID({ collection: 'access-tokens', id: String(made.id), overrideAccess: true })).expiresAt).toBe(past)
    expect((await v2('/user', { auth: String(made.access_token) })).status).toBe(401)
  })
})
