/**
 * Tokens at the site's own doors (issue 27 item 5, rows H1 and H2): a personal access token or an
 * OAuth token never becomes a session — the launcher hand-off needs the browser's session cookie,
 * and a session that passed the account's second factor — and the site's pages, route handlers and
 * server actions treat any `Authorization` header as a signed-out visitor. /v2 and /api keep
 * accepting tokens (their own suites).
 *
 * The route handlers are called in-process with a `Request`; the server actions with `next/headers`
 * answering this file's browser request.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { ALL_SCOPES, RESTRICTED_SCOPES, Scopes, scopeNames, type ScopeName } from '../../src/access/core/scopes'
import { GET as launcherFinish } from '../../src/app/(frontend)/auth/launcher/finish/route'
import { GET as analyticsExport } from '../../src/app/(frontend)/dashboard/analytics/export/route'
import { currentUser } from '../../src/lib/auth/guard'
import { requestFor, userOf } from '../../src/lib/auth/request'
import { sessionIdOf } from '../../src/lib/auth/sessions'
import { totpCode } from '../../src/lib/auth/totp'
import { modpackHandler } from '../../src/lib/collections/exportRoutes'
import { hashToken, newOAuthAccessToken } from '../../src/lib/tokens'
import { changeEmail } from '../../src/components/settings/account/actions'
import { confirmTwoFactor, startTwoFactor } from '../../src/components/settings/account/twoFactorActions'
import { revokeSessionAction } from '../../src/components/settings/sessions/actions'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { patFor } from '../helpers/v2'

/** The request the server actions see through `next/headers`; `redirect` throws where it leads. */
const browser = vi.hoisted(() => ({
  headers: new Headers(),
  Redirected: class Redirected extends Error {
    constructor(readonly to: string) {
      super(`redirect to ${to}`)
    }
  },
}))
vi.mock('next/headers', async (original) => ({ ...(await original<typeof import('next/headers')>()), headers: async () => browser.headers }))
vi.mock('next/navigation', async (original) => ({
  ...(await original<typeof import('next/navigation')>()),
  redirect: (to: string) => {
    throw new browser.Redirected(to)
  },
}))
vi.mock('next/cache', async (original) => ({ ...(await original<typeof import('next/cache')>()), revalidatePath: () => undefined }))
vi.mock('next-intl/server', () => ({ getTranslations: async () => (key: string) => key }))

let payload: Payload
type Actor = User & { collection: 'users' }
const PASSWORD = 'test-password-1'
let n = 0

/** Every scope a personal access token may carry, and the read-only ones. */
const EVERY_SCOPE = scopeNames(ALL_SCOPES & ~RESTRICTED_SCOPES)
const READ_ONLY: ScopeName[] = ['USER_READ_EMAIL', 'USER_READ', 'NOTIFICATION_READ', 'PAYOUTS_READ', 'ANALYTICS', 'PROJECT_READ', 'VERSION_READ', 'REPORT_READ', 'THREAD_READ', 'COLLECTION_READ', 'ORGANIZATION_READ']

/** A sign-in on the site (Payload's login, as the sign-in form makes it), from its own address. */
async function signIn(user: User, totp?: string): Promise<string> {
  const headers = new Headers({ 'x-forwarded-for': `10.27.5.${++n % 250}`, 'user-agent': 'vitest', ...(totp ? { 'x-two-factor-code': totp } : {}) })
  const req = await requestFor(payload, headers)
  const { token } = await payload.login({ collection: 'users', data: { username: user.username, password: PASSWORD }, req })
  return token!
}

/** What a browser sends on a navigation of this site: its session cookie, no Authorization. */
const cookieOf = (session: string) => ({ cookie: `payload-token=${session}`, 'sec-fetch-site': 'same-origin' })
const asHeaders = (extra: Record<string, string> = {}) => new Headers({ 'x-forwarded-for': `10.27.6.${++n % 250}`, 'user-agent': 'vitest', ...extra })
const get = (path: string, extra: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers: asHeaders(extra) })

async function oauthTokenFor(user: Actor, scopes: readonly ScopeName[]): Promise<string> {
  const bits = scopes.reduce((a, s) => a | Scopes[s], 0n).toString()
  const app = await payload.create({ collection: 'oauth-apps', data: { name: `Door app ${++n}`, maxScopes: bits, redirectUris: [{ uri: 'https://app.example/cb' }] }, user, overrideAccess: false })
  const token = newOAuthAccessToken()
  await payload.create({ collection: 'oauth-tokens', data: { tokenHash: hashToken(token), app: app.id, user: user.id, scopes: bits, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, overrideAccess: true })
  return token
}

const liveSessions = async (id: string) => ((await payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, showHiddenFields: true })).sessions ?? []).map((s) => s.id)
const tokenCount = async (id: string) => (await payload.count({ collection: 'access-tokens', where: { user: { equals: id } }, overrideAccess: true })).totalDocs
const whoHolds = async (session: string) => (await payload.auth({ headers: new Headers({ authorization: `JWT ${session}` }) })).user?.id ?? null

/** The launcher hand-off's answer: where it sends the browser and the code it hands over, if any. */
async function finish(extra: Record<string, string>) {
  const res = await launcherFinish(get('/auth/launcher/finish', extra))
  const location = new URL(res.headers.get('location') ?? '', 'http://localhost')
  return { status: res.status, path: location.pathname, search: location.search, code: location.searchParams.get('code') }
}

/** Runs a server action as the browser request `extra` describes. */
async function asBrowser<T>(extra: Record<string, string>, action: () => Promise<T>): Promise<T> {
  browser.headers = asHeaders(extra)
  try {
    return await action()
  } finally {
    browser.headers = new Headers()
  }
}
const formOf = (values: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(values)) form.set(k, v)
  return form
}

beforeAll(async () => {
  payload = await bootPayload()
})

describe('H1: a token never becomes a session at the launcher hand-off', () => {
  it('H1: a personal access token with every scope or an OAuth token in Authorization gets the sign-in, no code, no session or token made', async () => {
    const me = await makeUser(payload)
    const pat = await patFor(payload, me, EVERY_SCOPE)
    const oauth = await oauthTokenFor(me, EVERY_SCOPE)
    const sessionsBefore = await liveSessions(me.id)
    const tokensBefore = await tokenCount(me.id)
    for (const authorization of [`Bearer ${pat}`, pat, `Bearer ${oauth}`, oauth]) {
      const answer = await finish({ authorization })
      expect(answer, authorization.slice(0, 10)).toMatchObject({ status: 303, path: '/auth/sign-in', search: '?launcher=true', code: null })
    }
    expect(await liveSessions(me.id)).toEqual(sessionsBefore)
    expect(await tokenCount(me.id)).toBe(tokensBefore)
  })

  it('H1: a session token in an Authorization header (`JWT …` or `Bearer …`) is not a browser session either', async () => {
    const me = await makeUser(payload)
    const session = await signIn(me)
    const before = await liveSessions(me.id)
    for (const authorization of [`JWT ${session}`, `Bearer ${session}`]) {
      expect(await finish({ authorization })).toMatchObject({ status: 303, path: '/auth/sign-in', code: null })
    }
    expect(await liveSessions(me.id)).toEqual(before)
  })

  it('H1: the browser’s session cookie still hands off: the code is a new session of the same account; a token beside the cookie changes nothing', async () => {
    const me = await makeUser(payload)
    const session = await signIn(me)
    const pat = await patFor(payload, me, EVERY_SCOPE)
    const answer = await finish({ ...cookieOf(session), authorization: `Bearer ${pat}` })
    expect(answer).toMatchObject({ status: 303, path: '/auth/launcher' })
    expect(answer.code).toBeTruthy()
    expect(sessionIdOf(answer.code)).not.toBe(sessionIdOf(session))
    expect(await whoHolds(answer.code!)).toBe(me.id)
    expect(await liveSessions(me.id)).toEqual(expect.arrayContaining([sessionIdOf(session), sessionIdOf(answer.code)]))
  })

  it('H1: with two-factor on, only a session that passed it hands off: one begun before it was turned on has ended', async () => {
    const me = await makeUser(payload)
    const before = await signIn(me)
    const here = await signIn(me)
    // Turned on from `here`, through the settings page's actions.
    const setup = await asBrowser(cookieOf(here), () => startTwoFactor({}))
    expect(setup.setup?.secret).toBeTruthy()
    const on = await asBrowser(cookieOf(here), () => confirmTwoFactor(setup, formOf({ code: totpCode(setup.setup!.secret, Date.now() - 30_000) })))
    expect(on.backupCodes).toHaveLength(8)

    expect(await finish(cookieOf(before))).toMatchObject({ status: 303, path: '/auth/sign-in', code: null })
    expect(await whoHolds(before)).toBeNull()
    // The session that proved the app's code, and a sign-in with the code, hand off.
    expect((await finish(cookieOf(here))).code).toBeTruthy()
    const withCode = await signIn(me, totpCode(setup.setup!.secret))
    expect((await finish(cookieOf(withCode))).code).toBeTruthy()
  })
})

describe('H2: the site’s pages, routes and actions treat a token as signed out', () => {
  let me: Actor
  let session: string
  let readOnly: string
  beforeAll(async () => {
    me = await makeUser(payload)
    session = await signIn(me)
    readOnly = await patFor(payload, me, READ_ONLY)
  })

  it('H2: userOf and currentUser resolve a read-only token, an OAuth token or a session in Authorization to nobody; the cookie to its user', async () => {
    const oauth = await oauthTokenFor(me, READ_ONLY)
    for (const authorization of [`Bearer ${readOnly}`, readOnly, `Bearer ${oauth}`, `JWT ${session}`, `Bearer ${session}`]) {
      expect(await userOf(payload, asHeaders({ authorization })), authorization.slice(0, 10)).toBeNull()
      expect(await asBrowser({ authorization }, () => currentUser())).toBeNull()
    }
    expect((await userOf(payload, asHeaders(cookieOf(session))))?.id).toBe(me.id)
    expect(await asBrowser(cookieOf(session), () => currentUser())).toMatchObject({ id: me.id, _strategy: 'local-jwt' })
  })

  it('H2: the analytics CSV and a private collection’s export answer a token as they answer a signed-out visitor', async () => {
    const tokenCsv = await analyticsExport(get('/dashboard/analytics/export?range=30d&metric=views', { authorization: `Bearer ${readOnly}` }))
    expect(tokenCsv.status).toBe(401)
    expect((await analyticsExport(get('/dashboard/analytics/export?range=30d&metric=views'))).status).toBe(401)
    const sessionCsv = await analyticsExport(get('/dashboard/analytics/export?range=30d&metric=views', cookieOf(session)))
    expect(sessionCsv.status).toBe(200)
    expect(sessionCsv.headers.get('content-type')).toContain('text/csv')

    const picks = await payload.create({ collection: 'user-collections', data: { name: `Private picks ${++n}`, owner: me.id, projects: [], visibility: 'private' }, overrideAccess: true })
    // No game version chosen: the owner is asked to choose one; anyone else never learns it exists.
    const exportAs = async (extra: Record<string, string>) => (await modpackHandler(get(`/collection/${picks.id}/export.mrpack`, extra), { params: Promise.resolve({ id: picks.id }) })).status
    expect(await exportAs({})).toBe(404)
    expect(await exportAs({ authorization: `Bearer ${readOnly}` })).toBe(404)
    expect(await exportAs(cookieOf(session))).toBe(400)
  })

  it('H2: server actions refuse a token: two-factor setup, revoking a session, changing the email', async () => {
    const other = await signIn(me)
    const token = { authorization: `Bearer ${readOnly}` }

    expect(await asBrowser(token, () => startTwoFactor({}))).toEqual({ form: 'errors.signIn' })
    expect(await asBrowser(token, () => confirmTwoFactor({}, formOf({ code: '123456' })))).toEqual({ form: 'errors.signIn' })
    const stored = await payload.findByID({ collection: 'users', id: me.id, depth: 0, overrideAccess: true, showHiddenFields: true })
    expect(stored.twoFactorEnabled).toBe(false)
    expect(stored.twoFactor?.pendingSecret ?? null).toBeNull()

    await expect(asBrowser(token, () => revokeSessionAction(formOf({ session: sessionIdOf(other)! })))).rejects.toMatchObject({ to: '/auth/sign-in?redirect=%2Fsettings%2Fsessions' })
    expect(await whoHolds(other)).toBe(me.id)

    expect(await asBrowser(token, () => changeEmail({}, formOf({ email: `taken-${n}@evil.example`, currentPassword: PASSWORD })))).toEqual({ form: 'errors.signIn' })
    expect((await payload.findByID({ collection: 'users', id: me.id, depth: 0, overrideAccess: true })).email).toBe(me.email)

    // The same action with the browser's session does act (so the refusals above are about the token).
    await expect(asBrowser(cookieOf(session), () => revokeSessionAction(formOf({ session: sessionIdOf(other)! })))).rejects.toMatchObject({ to: '/settings/sessions?revoked=1' })
    expect(await whoHolds(other)).toBeNull()
  })
})
