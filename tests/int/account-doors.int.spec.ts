/**
 * Issue 27, item 7 (accounts): sign-in limits that never lock the owner out and never run out for many
 * people behind one address (M1, the LAN party), Payload's own forgot-password doors limited like the
 * site's form (M4), and sign-up that answers a taken email like a free one (L1). Through Payload's
 * real REST and GraphQL handlers (tests/helpers/http.ts), each client with its own X-Forwarded-For.
 * No SMTP here: mail lands in the outbox, written before the request returns.
 */
import { randomInt } from 'node:crypto'

import config from '@payload-config'
import { GRAPHQL_POST } from '@payloadcms/next/routes'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { requestPasswordReset } from '../../src/lib/auth/recovery'
import { signUp } from '../../src/lib/auth/signUp'
import { sqlPool as poolOf } from '../../src/lib/db/sql'
import { signInBookkeepingSettled } from '../../src/plugins/login-protection/signInLimits'
import { makeUser } from '../helpers/actors'
import { api } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { sessionFor } from '../helpers/v2'

// Three failures per account and address, thirty per account in an hour; thirty failures per address;
// ten account emails per address an hour (the defaults of the last two).
const LIMITS: Record<string, string | undefined> = { LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_ATTEMPTS_PER_ADDRESS: undefined, ACCOUNT_EMAILS_PER_HOUR: undefined, SMTP_HOST: undefined }
const saved = Object.fromEntries(Object.keys(LIMITS).map((k) => [k, process.env[k]]))
const setEnv = (values: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(values)) if (v === undefined) delete process.env[k]
  else process.env[k] = v
}

let payload: Payload
beforeAll(async () => {
  setEnv(LIMITS) // read when this file's limiters are first made
  payload = await bootPayload()
})
afterAll(() => setEnv(saved))

const PASSWORD = 'right-password-1'
// The rate-limit table outlives this file (one database per run): addresses of this file only.
const run = randomInt(1, 250)
let n = 0
const fresh = () => {
  n += 1
  return `100.${run}.${n >> 8}.${n & 255}`
}
const from = (ip: string) => new Headers({ 'x-forwarded-for': ip })
const uniq = (p: string) => `${p}${run}x${(n += 1)}`

const login = (username: string, password: string, ip: string) => api('POST', '/users/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } })
const person = () => makeUser(payload, 'developer', { password: PASSWORD } as never)

describe('sign-in limits', () => {
  it('M1: wrong passwords from many addresses never lock the owner out, and the account-wide limit still bounds the guessing', async () => {
    const owner = await person()
    const home = fresh()
    expect((await login(owner.username!, PASSWORD, home)).status).toBe(200)

    // The 4 addresses × 28 wrong passwords, scaled to this file's limits (3 per address, 30 per
    // account): 12 addresses, enough to use the account-wide allowance up.
    const attackers = Array.from({ length: 12 }, fresh)
    let checked = 0 // attempts whose password was tried (401) rather than refused (429)
    for (const ip of attackers) {
      for (let i = 0; i < 28; i++) {
        const status = (await login(owner.username!, `guess-${i}`, ip)).status
        expect([401, 429]).toContain(status)
        if (status === 401) checked += 1
      }
    }
    // Ten addresses use the 30 up (3 each; their refused attempts count nothing); past it, an address
    // that has not failed for the account yet gets one try.
    expect(checked).toBe(30 + 2)
    // An address that failed for the account now waits, even with the right password (no oracle).
    const guesser = await login(owner.username!, PASSWORD, attackers[11])
    expect(guesser.status).toBe(429)
    expect(Number(guesser.headers.get('retry-after'))).toBeGreaterThan(0)

    // The owner at home, where they signed in before: a typo, then in.
    expect((await login(owner.username!, 'a-typo-here', home)).status).toBe(401)
    const atHome = await login(owner.username!, PASSWORD, home)
    expect(atHome.status).toBe(200)
    expect((atHome.body as { user: { id: string } }).user.id).toBe(owner.id)
    // From an address with no failures for the account (by email this time: one account, one count): in.
    expect((await login(owner.email!, PASSWORD, fresh())).status).toBe(200)
  })

  it('LAN party: 40 people signing in from one address all get in; failures from it are still limited', async () => {
    const ip = fresh()
    const people = []
    for (let i = 0; i < 40; i++) people.push(await person())
    for (const p of people) expect((await login(p.username!, PASSWORD, ip)).status).toBe(200)

    // Thirty wrong passwords (one per account, so no account's own limit is reached), then refused.
    const statuses: number[] = []
    for (const p of people.slice(0, 31)) statuses.push((await login(p.username!, 'wrong-password', ip)).status)
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401))
    expect(statuses[30]).toBe(429)
    // Someone else at the party is unaffected by other addresses' guessing, and this one is on hold.
    expect((await login(people[39].username!, PASSWORD, fresh())).status).toBe(200)
    expect((await login(people[39].username!, PASSWORD, ip)).status).toBe(429)
  }, 240_000) // 111 password checks: CPU-bound, slow on a loaded machine

  it('a refused sign-in leaves nothing counted', async () => {
    const owner = await person()
    const ip = fresh()
    for (let i = 0; i < 3; i++) expect((await login(owner.username!, `nope-${i}`, ip)).status).toBe(401)
    for (let i = 0; i < 20; i++) expect((await login(owner.username!, `nope-${i}`, ip)).status).toBe(429)
    await signInBookkeepingSettled()
    const { rows } = await poolOf(payload).query<{ points: number }>('SELECT points FROM rate_limits WHERE key = $1', [`login_addr:${ip}`])
    // Only the three failures: twenty refusals left no trace on the address's count.
    expect(rows[0]?.points).toBe(3)
  })
})

describe('mail-sending doors', () => {
  const resetMails = async (email: string) =>
    (await payload.count({ collection: 'email-outbox', where: { and: [{ to: { equals: email } }, { subject: { equals: 'Reset your password' } }] }, overrideAccess: true })).totalDocs
  const graphql = GRAPHQL_POST(config)
  // With sign-in by username, Payload's GraphQL asks for both (the email is looked up first).
  const gqlForgot = async (user: { email?: string | null; username?: string | null }, ip: string) => {
    const res = await graphql(
      new Request('http://localhost:3000/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ query: 'mutation($e: String!, $u: String!) { forgotPasswordUser(email: $e, username: $u) }', variables: { e: user.email, u: user.username } }),
      }),
    )
    return { headers: res.headers, body: (await res.json()) as { data?: unknown; errors?: { message: string; extensions?: { statusCode?: number } }[] } }
  }

  it("M4: REST forgot-password for one email from one address gets 429 with Retry-After after the form's limit, and no more mails are queued", async () => {
    const owner = await person()
    const ip = fresh()
    const forgot = (address: string) => api('POST', '/users/forgot-password', { body: { email: owner.email }, headers: { 'x-forwarded-for': address } })
    for (let i = 0; i < 10; i++) expect((await forgot(ip)).status).toBe(200)
    expect(await resetMails(owner.email!)).toBe(10)

    const refused = await forgot(ip)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((refused.body as { errors: { message: string }[] }).errors[0].message).toMatch(/Too many attempts/)
    // GraphQL's door and the site's own form share the address's allowance.
    const viaGraphQL = await gqlForgot(owner, ip)
    expect(viaGraphQL.body.errors?.[0]?.message).toMatch(/Too many attempts/)
    expect(Number(viaGraphQL.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await requestPasswordReset(payload, { identifier: owner.email }, from(ip))).toMatchObject({ ok: false, form: 'tooManyAttempts' })
    expect(await resetMails(owner.email!)).toBe(10)

    // Another address is not held up, and an unknown email is answered alike (counted, no mail).
    expect((await forgot(fresh())).status).toBe(200)
    expect(await resetMails(owner.email!)).toBe(11)
    expect((await api('POST', '/users/forgot-password', { body: { email: `${uniq('nobody')}@example.test` }, headers: { 'x-forwarded-for': fresh() } })).status).toBe(200)
  })

  it('M4: GraphQL forgotPasswordUser is limited per address too', async () => {
    const owner = await person()
    const ip = fresh()
    for (let i = 0; i < 10; i++) expect((await gqlForgot(owner, ip)).body).toEqual({ data: { forgotPasswordUser: true } })
    const refused = await gqlForgot(owner, ip)
    expect(refused.body.errors?.[0]?.message).toMatch(/Too many attempts/)
    expect(await resetMails(owner.email!)).toBe(10)
  })

  it("the site's reset form counts each mail once (its own limit, not again at Payload's door)", async () => {
    const owner = await person()
    const ip = fresh()
    for (let i = 0; i < 10; i++) expect(await requestPasswordReset(payload, { identifier: owner.username }, from(ip))).toEqual({ ok: true })
    expect(await resetMails(owner.email!)).toBe(10)
    expect(await requestPasswordReset(payload, { identifier: owner.username }, from(ip))).toMatchObject({ ok: false, form: 'tooManyAttempts' })
  })
})

describe('sign-up', () => {
  const form = (username: string, email: string) => ({ username, email, password: 'long-password-1', confirmPassword: 'long-password-1' })
  const outbox = async (to: string, subject: string) => (await payload.find({ collection: 'email-outbox', where: { and: [{ to: { equals: to } }, { subject: { equals: subject } }] }, overrideAccess: true })).docs
  const usersWhere = async (field: 'email' | 'username', value: string) => (await payload.count({ collection: 'users', where: { [field]: { equals: value } }, overrideAccess: true })).totalDocs

  it('L1: sign-up with a taken email answers exactly like with a free one; the owner gets a "you already have an account" mail; no second account', async () => {
    const owner = await person()
    const freeEmail = `${uniq('newcomer')}@example.test`
    const newcomer = await signUp(payload, form(uniq('newcomer'), freeEmail), from(fresh()))
    const intruderName = uniq('intruder')
    const intruder = await signUp(payload, form(intruderName, owner.email!.toUpperCase()), from(fresh()))
    expect(intruder).toEqual(newcomer)
    expect(intruder).toEqual({ ok: true })

    const told = await outbox(owner.email!, 'You already have an account')
    expect(told).toHaveLength(1)
    expect(told[0].text).toContain(owner.username!)
    expect(told[0].text).toContain('/auth/reset-password')
    expect(await outbox(owner.email!, 'Verify your email')).toHaveLength(0)
    expect(await outbox(freeEmail, 'Verify your email')).toHaveLength(1)
    expect(await usersWhere('email', owner.email!)).toBe(1)
    expect(await usersWhere('username', intruderName)).toBe(0)
    expect(await usersWhere('email', freeEmail)).toBe(1)
  })

  it('with a taken email, a taken or malformed username gets the same field error as with a free one', async () => {
    const owner = await person()
    const other = await person()
    for (const username of [other.username!.toUpperCase(), 'has space']) {
      const withFree = await signUp(payload, form(username, `${uniq('free')}@example.test`), from(fresh()))
      const withTaken = await signUp(payload, form(username, owner.email!), from(fresh()))
      expect(withFree.ok).toBe(false)
      expect(withTaken).toEqual(withFree)
    }
    expect(await outbox(owner.email!, 'You already have an account')).toHaveLength(0)
  })

  it("L1: Payload's REST and GraphQL create answer a taken and a free email alike and make no account (sign-up is the site's form); admins still create", async () => {
    const owner = await person()
    const body = (email: string) => ({ username: uniq('rest'), email, password: 'long-password-1' })
    const taken = await api('POST', '/users', { body: body(owner.email!) })
    const freeEmail = `${uniq('restfree')}@example.test`
    const free = await api('POST', '/users', { body: body(freeEmail) })
    expect(taken.status).toBe(403)
    expect(free.status).toBe(taken.status)
    expect(free.body).toEqual(taken.body)
    expect(await usersWhere('email', freeEmail)).toBe(0)

    // Signed in as an ordinary user: the same.
    const stranger = await makeUser(payload)
    expect((await api('POST', '/users', { body: body(owner.email!), auth: await sessionFor(payload, stranger) })).body).toEqual(taken.body)

    const gqlCreate = async (email: string) => {
      const res = await GRAPHQL_POST(config)(
        new Request('http://localhost:3000/api/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': fresh() },
          body: JSON.stringify({ query: 'mutation($d: mutationUserInput!) { createUser(data: $d) { id } }', variables: { d: body(email) } }),
        }),
      )
      return ((await res.json()) as { errors?: { message: string }[] }).errors?.map((e) => e.message)
    }
    const gqlTaken = await gqlCreate(owner.email!)
    expect(gqlTaken).toEqual(['Accounts are created at /auth/sign-up.'])
    expect(await gqlCreate(freeEmail)).toEqual(gqlTaken)
    expect(await usersWhere('email', freeEmail)).toBe(0)

    const admin = await makeUser(payload, 'admin')
    const made = await api('POST', '/users', { body: body(freeEmail), auth: await sessionFor(payload, admin) })
    expect(made.status).toBe(201)
  })
})
