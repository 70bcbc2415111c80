/**
 * Two-factor sign-in (issue 12 item 3): set up with a code from the app, backup codes once; after
 * that every way in (the site's sign-in, REST /api/users/login, GraphQL, the Local API) needs a
 * valid code; a wrong code is refused, changes nothing, counts toward the account's limit; a code
 * cannot be used twice; backup codes work once; the password reset does not skip it; off again
 * with a code.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { signIn } from '../../src/lib/auth/signIn'
import { totpCode } from '../../src/lib/auth/totp'
import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor, SecondFactorLimited } from '../../src/lib/auth/twoFactor'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { v2 } from '../helpers/v2'

let payload: Payload
const PASSWORD = 'test-password-1'
let n = 0
const headers = () => new Headers({ 'x-forwarded-for': `10.77.${Math.floor(++n / 250)}.${n % 250}`, 'user-agent': 'vitest' })

const sessionsOf = async (id: string) => ((await payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, showHiddenFields: true })).sessions ?? []).length

/** A user with two-factor on: the secret (as their app has it) and the backup codes. */
async function withTwoFactor(): Promise<{ user: User; secret: string; backup: string[] }> {
  const user = await makeUser(payload)
  const setup = (await beginTwoFactorSetup(payload, user.id))!
  // Proven with the previous step's code (still inside the drift window), so the current code is unused.
  const backup = (await confirmTwoFactorSetup(payload, user.id, totpCode(setup.secret, Date.now() - 30_000)))!
  return { user, secret: setup.secret, backup }
}

/** REST, as an API client or the admin panel's form sends it. */
async function restLogin(body: Record<string, unknown>, extra: Record<string, string> = {}) {
  const { REST_POST } = await import('@payloadcms/next/routes')
  const config = (await import('@payload-config')).default
  const res = await REST_POST(config)(new Request('http://localhost/api/users/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.78.0.${++n % 250}`, ...extra }, body: JSON.stringify(body) }), {
    params: Promise.resolve({ slug: ['users', 'login'] }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  payload = await bootPayload()
})

describe('setting up two-factor', () => {
  it('a wrong code does not turn it on; the app’s code does, with eight backup codes', async () => {
    const user = await makeUser(payload)
    const setup = (await beginTwoFactorSetup(payload, user.id))!
    expect(setup.qrSvg).toContain('<svg')
    expect(setup.uri).toContain(`secret=${setup.secret}`)
    expect(await confirmTwoFactorSetup(payload, user.id, '000000')).toBeNull()
    expect((await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })).twoFactorEnabled).toBe(false)
    const codes = await confirmTwoFactorSetup(payload, user.id, totpCode(setup.secret))
    expect(codes).toHaveLength(8)
    expect((await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })).twoFactorEnabled).toBe(true)
    // A second setup is refused while it is on.
    expect(await beginTwoFactorSetup(payload, user.id)).toBeNull()
  })

  it('the secret and backup codes are never read back, not even by the user; whether it is on is theirs to see', async () => {
    const { user } = await withTwoFactor()
    const self = await payload.findByID({ collection: 'users', id: user.id, overrideAccess: false, user: { ...user, collection: 'users' } })
    expect(self.twoFactorEnabled).toBe(true)
    expect((self as { twoFactor?: unknown }).twoFactor).toBeUndefined()
    const stranger = await makeUser(payload)
    const seen = await payload.findByID({ collection: 'users', id: user.id, overrideAccess: false, user: { ...stranger, collection: 'users' } })
    expect(seen.twoFactorEnabled).toBeUndefined()
  })

  it('nobody can switch it off or plant a secret by writing the user', async () => {
    const { user } = await withTwoFactor()
    await expect(
      payload.update({ collection: 'users', id: user.id, data: { twoFactorEnabled: false, twoFactor: { secret: 'AAAA', backupCodes: [] } } as never, overrideAccess: false, user: { ...user, collection: 'users' } }),
    ).rejects.toThrow()
    expect((await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })).twoFactorEnabled).toBe(true)
  })
})

describe('signing in with two-factor on', () => {
  it('the site asks for the code after a right password, refuses a wrong one, and signs in with the right one', async () => {
    const { user, secret } = await withTwoFactor()
    const before = await sessionsOf(user.id)
    expect(await signIn(payload, { identifier: user.username, password: PASSWORD }, headers())).toEqual({ ok: false, twoFactor: true })
    // A wrong password still says only that.
    expect(await signIn(payload, { identifier: user.username, password: 'wrong-password', code: totpCode(secret) }, headers())).toMatchObject({ ok: false, form: 'signInFailed' })
    expect(await signIn(payload, { identifier: user.username, password: PASSWORD, code: '123456' }, headers())).toEqual({ ok: false, twoFactor: true, fields: { code: 'twoFactorInvalid' } })
    expect(await sessionsOf(user.id)).toBe(before)
    const ok = await signIn(payload, { identifier: user.username, password: PASSWORD, code: totpCode(secret) }, headers())
    expect(ok.ok).toBe(true)
    expect(await sessionsOf(user.id)).toBe(before + 1)
    // The same code a second time is refused (no replay).
    expect(await signIn(payload, { identifier: user.username, password: PASSWORD, code: totpCode(secret) }, headers())).toMatchObject({ ok: false, fields: { code: 'twoFactorInvalid' } })
  })

  it('a backup code signs in once', async () => {
    const { user, backup } = await withTwoFactor()
    expect((await signIn(payload, { identifier: user.username, password: PASSWORD, code: backup[0].toUpperCase() }, headers())).ok).toBe(true)
    expect(await signIn(payload, { identifier: user.username, password: PASSWORD, code: backup[0] }, headers())).toMatchObject({ ok: false, fields: { code: 'twoFactorInvalid' } })
    expect((await signIn(payload, { identifier: user.username, password: PASSWORD, code: backup[1] }, headers())).ok).toBe(true)
  })

  it('REST /api/users/login (the admin panel’s way in too) needs the code; with `totp` it works', async () => {
    const { user, secret } = await withTwoFactor()
    const bare = await restLogin({ username: user.username, password: PASSWORD })
    expect(bare.status).toBe(401)
    expect(JSON.stringify(bare.body)).toContain('Two-factor authentication is on')
    expect(bare.body.token).toBeUndefined()
    const wrong = await restLogin({ username: user.username, password: PASSWORD, totp: '000000' })
    expect(wrong.status).toBe(401)
    const good = await restLogin({ username: user.username, password: PASSWORD, totp: totpCode(secret) })
    expect(good.status).toBe(200)
    expect(typeof good.body.token).toBe('string')
    expect((await v2('/user', { auth: String(good.body.token) })).status).toBe(200)
  })

  it('GraphQL’s login cannot carry a code, so it cannot sign such an account in', async () => {
    const { user } = await withTwoFactor()
    const { GRAPHQL_POST } = await import('@payloadcms/next/routes')
    const config = (await import('@payload-config')).default
    const res = await GRAPHQL_POST(config)(
      new Request('http://localhost/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.79.0.1' },
        body: JSON.stringify({ query: `mutation { loginUser(username: "${user.username}", password: "${PASSWORD}") { token } }` }),
      }),
    )
    const body = (await res.json()) as { data?: { loginUser?: { token?: string } | null }; errors?: unknown[] }
    expect(body.data?.loginUser?.token).toBeFalsy()
    expect(body.errors?.length).toBeGreaterThan(0)
  })

  it('wrong codes count toward the account’s limit: after ten, even the right code waits', async () => {
    const { user, secret } = await withTwoFactor()
    for (let i = 0; i < 10; i++) await expect(disableTwoFactor(payload, user.id, '000000')).resolves.toBe(false)
    await expect(disableTwoFactor(payload, user.id, totpCode(secret))).rejects.toBeInstanceOf(SecondFactorLimited)
    expect(await signIn(payload, { identifier: user.username, password: PASSWORD, code: totpCode(secret) }, headers())).toMatchObject({ ok: false, form: 'tooManyAttempts' })
    expect((await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })).twoFactorEnabled).toBe(true)
  })

  it('a password reset does not sign in past the second factor', async () => {
    const { user } = await withTwoFactor()
    const token = await payload.forgotPassword({ collection: 'users', data: { email: user.email! }, disableEmail: true })
    const result = await payload.resetPassword({ collection: 'users', data: { token, password: 'a-new-password-2' }, overrideAccess: true })
    expect(result.token).toBeUndefined()
    expect(await sessionsOf(user.id)).toBe(0)
  })

  it('turned off with a code, sign-in needs only the password again; v2 shows has_totp to the user', async () => {
    const { user, secret } = await withTwoFactor()
    const session = await signIn(payload, { identifier: user.username, password: PASSWORD, code: totpCode(secret) }, headers())
    expect(session.ok).toBe(true)
    const token = (session as { token: string }).token
    expect((await v2('/user', { auth: token })).json<{ has_totp: boolean }>().has_totp).toBe(true)
    expect(await disableTwoFactor(payload, user.id, 'zzzzz-zzzzz')).toBe(false)
    expect(await disableTwoFactor(payload, user.id, totpCode(secret, Date.now() + 30_000))).toBe(true)
    expect((await v2('/user', { auth: token })).json<{ has_totp: boolean }>().has_totp).toBe(false)
    expect((await signIn(payload, { identifier: user.username, password: PASSWORD }, headers())).ok).toBe(true)
  })
})
