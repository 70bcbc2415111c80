/**
 * External providers (issue 12 item 4), the rules behind the flow: a new provider account makes a new
 * user (its email verified only if the provider says so); a linked one signs its user in with a real
 * session; an email that is already an account's is never linked or taken over, verified or not;
 * two-factor accounts are not signed in by a provider; one provider account links to one user.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { requestFor } from '../../src/lib/auth/request'
import { linkedProviders, linkProvider, signInWithProvider, unlinkProvider } from '../../src/lib/auth/providers/accounts'
import type { ExternalProfile } from '../../src/lib/auth/providers/catalogue'
import { sessionIdOf } from '../../src/lib/auth/sessions'
import { beginTwoFactorSetup, confirmTwoFactorSetup } from '../../src/lib/auth/twoFactor'
import { totpCode } from '../../src/lib/auth/totp'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { v2 } from '../helpers/v2'

let payload: Payload
let n = 0
const uniq = (p: string) => `${p}-${++n}-${Date.now().toString(36)}`
const profile = (extra: Partial<ExternalProfile> = {}): ExternalProfile => {
  const name = uniq('gl')
  return { subject: `sub-${name}`, email: `${name}@oidc.example`, emailVerified: true, username: name, ...extra }
}
const req = () => requestFor(payload, new Headers({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' }))
const userCount = async () => (await payload.count({ collection: 'users', overrideAccess: true })).totalDocs

beforeAll(async () => {
  payload = await bootPayload()
})

describe('signing in with a provider', () => {
  it('a new provider account makes a user with a working session, its verified email kept', async () => {
    const p = profile()
    const result = await signInWithProvider(payload, 'gitlab', p, await req())
    expect(result).toMatchObject({ kind: 'signedIn', created: true })
    if (result.kind !== 'signedIn') return
    const user = await payload.findByID({ collection: 'users', id: result.userId, overrideAccess: true })
    expect(user).toMatchObject({ username: p.username!.toLowerCase(), email: p.email, emailVerified: true })
    const me = await v2('/user', { auth: result.token })
    expect(me.status).toBe(200)
    expect(me.json<{ id: string }>().id).toBe(result.userId)
    // Noted as a session like any sign-in.
    expect((await payload.count({ collection: 'session-details', where: { sid: { equals: sessionIdOf(result.token) } }, overrideAccess: true })).totalDocs).toBe(1)

    const again = await signInWithProvider(payload, 'gitlab', p, await req())
    expect(again).toMatchObject({ kind: 'signedIn', created: false, userId: result.userId })
  })

  it('an unverified email is kept unverified; a taken username gets a suffix', async () => {
    const taken = await makeUser(payload)
    const result = await signInWithProvider(payload, 'gitlab', profile({ emailVerified: false, username: taken.username }), await req())
    if (result.kind !== 'signedIn') throw new Error(result.kind)
    const user = await payload.findByID({ collection: 'users', id: result.userId, overrideAccess: true })
    expect(user.emailVerified).toBe(false)
    expect(user.username).not.toBe(taken.username)
    expect(user.username.startsWith(taken.username)).toBe(true)
  })

  it('an email that is already an account’s is never taken over, whether the provider verified it or not', async () => {
    const owner = await makeUser(payload)
    for (const emailVerified of [true, false]) {
      const before = await userCount()
      expect(await signInWithProvider(payload, 'gitlab', profile({ email: owner.email!.toUpperCase(), emailVerified }), await req())).toEqual({ kind: 'emailTaken' })
      expect(await userCount()).toBe(before)
    }
    expect(await linkedProviders(payload, owner.id)).toEqual([])
  })

  it('does not sign in past two-factor', async () => {
    const user = await makeUser(payload)
    const p = profile({ email: null })
    expect(await linkProvider(payload, user.id, 'gitlab', p)).toBe('linked')
    const setup = (await beginTwoFactorSetup(payload, user.id))!
    await confirmTwoFactorSetup(payload, user.id, totpCode(setup.secret))
    expect(await signInWithProvider(payload, 'gitlab', p, await req())).toEqual({ kind: 'twoFactor' })
  })
})

describe('linking', () => {
  it('links a provider account to one user only; unlinking ends its sign-ins', async () => {
    const me = await makeUser(payload)
    const other = await makeUser(payload)
    const p = profile()
    expect(await linkProvider(payload, me.id, 'gitlab', p)).toBe('linked')
    expect(await linkProvider(payload, me.id, 'gitlab', p)).toBe('alreadyLinked')
    expect(await linkProvider(payload, other.id, 'gitlab', p)).toBe('linkedElsewhere')
    expect(await linkedProviders(payload, me.id)).toEqual([{ provider: 'gitlab', email: p.email }])
    expect(await signInWithProvider(payload, 'gitlab', p, await req())).toMatchObject({ kind: 'signedIn', userId: me.id, created: false })

    expect(await unlinkProvider(payload, other.id, 'gitlab')).toBe(false)
    expect(await unlinkProvider(payload, me.id, 'gitlab')).toBe(true)
    expect(await linkedProviders(payload, me.id)).toEqual([])
    // Unlinked, the provider account's email is this account's: no new account, no sign-in.
    expect(await signInWithProvider(payload, 'gitlab', { ...p, email: me.email ?? null }, await req())).toEqual({ kind: 'emailTaken' })
  })

  it('deleting the account removes its links', async () => {
    const me = await makeUser(payload)
    await linkProvider(payload, me.id, 'github', profile())
    await payload.delete({ collection: 'users', id: me.id, overrideAccess: true })
    expect((await payload.count({ collection: 'auth-identities', where: { user: { equals: me.id } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})
