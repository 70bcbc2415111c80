/**
 * Sign-in is rate-limited instead of locking accounts, answers the same for an unknown account and a
 * wrong password, and writes on /api are rate-limited per address and per user (issue 10, item 8).
 * Calls go through the same wrapped Payload REST and GraphQL handlers the routes export.
 */
import config from '@payload-config'
import { GRAPHQL_POST, REST_DELETE, REST_GET, REST_POST } from '@payloadcms/next/routes'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { guardGraphQL, guardRest } from '../../src/lib/http/apiGuard'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

const LIMITS = { LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_ATTEMPTS_PER_ADDRESS: '8', WRITE_RATE_LIMIT: '5' }
const saved = Object.fromEntries(Object.keys(LIMITS).map((k) => [k, process.env[k]]))

let payload: Payload
const post = guardRest(config, REST_POST(config))
const get = guardRest(config, REST_GET(config))
const del = guardRest(config, REST_DELETE(config))
const graphql = guardGraphQL(config, GRAPHQL_POST(config))

beforeAll(async () => {
  Object.assign(process.env, LIMITS) // read when the limiters are first made, in this file's Payload
  payload = await bootPayload()
})
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]
  else process.env[k] = v
})

const call = (handler: typeof post, slug: string[], init: { ip: string; body?: unknown; method?: string; headers?: Record<string, string> }) =>
  handler(
    new Request(`http://localhost:3000/api/${slug.join('/')}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': init.ip, ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    { params: Promise.resolve({ slug }) },
  )

const login = (username: string, password: string, ip: string) => call(post, ['users', 'login'], { ip, body: { username, password } })

async function newUser(username: string) {
  return makeUser(payload, 'developer', { username, email: `${username}@example.test`, password: 'right-password-1' } as never)
}

describe('sign-in', () => {
  it('answers an unknown account exactly as a wrong password', async () => {
    await newUser('enumtarget')
    const unknown = await login('nobody-by-this-name', 'whatever-1', '198.51.100.10')
    const wrong = await login('enumtarget', 'wrong-password', '198.51.100.11')
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(await unknown.json()).toEqual(await wrong.json())
    // By email too.
    const unknownEmail = await call(post, ['users', 'login'], { ip: '198.51.100.12', body: { email: 'nobody@example.test', password: 'x' } })
    expect(await unknownEmail.json()).toEqual(await (await login('enumtarget@example.test', 'wrong', '198.51.100.13')).json())
  })

  it('answers a GraphQL sign-in to an unknown account as a wrong password', async () => {
    const ask = (username: string) =>
      graphql(
        new Request('http://localhost:3000/api/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.14' },
          body: JSON.stringify({ query: 'mutation($u: String!) { loginUser(username: $u, password: "nope-nope") { token } }', variables: { u: username } }),
        }),
      ).then((r) => r.json())
    const [unknown, wrong] = [await ask('nobody-at-all'), await ask('enumtarget')]
    expect(unknown.errors?.[0]?.message).toBeTruthy()
    expect(unknown.errors[0].message).toBe(wrong.errors[0].message)
  })

  it('rate-limits one address guessing one account (429, Retry-After) without locking out its owner', async () => {
    await newUser('victim')
    for (let i = 0; i < 3; i++) expect((await login('victim', `guess-${i}`, '203.0.113.50')).status).toBe(401)
    const refused = await login('victim', 'right-password-1', '203.0.113.50')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await refused.json()).errors[0].message).toMatch(/Too many attempts/)
    // The owner, elsewhere, still signs in: no lockout.
    const owner = await login('victim', 'right-password-1', '192.0.2.60')
    expect(owner.status).toBe(200)
    expect((await owner.json()).user.username).toBe('victim')
  })

  it('rate-limits one address trying many accounts', async () => {
    const ip = '203.0.113.77'
    const statuses: number[] = []
    for (let i = 0; i < 9; i++) statuses.push((await login(`spray-${i}`, 'password', ip)).status)
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401))
    expect(statuses[8]).toBe(429)
  })

  it('a successful sign-in clears the failures from that address', async () => {
    await newUser('forgetful')
    for (let i = 0; i < 2; i++) await login('forgetful', 'oops', '192.0.2.70')
    expect((await login('forgetful', 'right-password-1', '192.0.2.70')).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await login('forgetful', 'oops-again', '192.0.2.70')).status).toBe(401)
    expect((await login('forgetful', 'right-password-1', '192.0.2.70')).status).toBe(200)
  })
})

describe('writes on /api', () => {
  it('are limited per address, with Retry-After; reads are not', async () => {
    const ip = '203.0.113.90'
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await call(post, ['users'], { ip, body: { username: `signup${i}`, email: `signup${i}@example.test`, password: 'long-enough-pw' } })).status)
    // Counted before Payload answers: anonymous account creation through /api is refused (403; sign-up is
    // the site's form, issue 27 L1), and still a write.
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403])
    expect(statuses[5]).toBe(429)
    const refused = await call(post, ['users'], { ip, body: {} })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await refused.json()).errors[0].message).toMatch(/Too many requests/)
    expect((await call(get, ['users'], { ip, method: 'GET' })).status).toBe(200)
  })

  it('are limited per signed-in user across addresses', async () => {
    await newUser('busybee')
    const { token } = await (await login('busybee', 'right-password-1', '192.0.2.80')).json()
    const auth = { authorization: `JWT ${token}` }
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await call(del, ['follows', 'nonexistent'], { ip: `192.0.2.${100 + i}`, method: 'DELETE', headers: auth })).status)
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true)
    expect(statuses[5]).toBe(429)
  })

  it('counts GraphQL mutations as writes, not queries', async () => {
    const ip = '203.0.113.91'
    const gql = (query: string) =>
      graphql(new Request('http://localhost:3000/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ query }) }))
    for (let i = 0; i < 7; i++) expect((await gql('{ Users(limit: 1) { totalDocs } }')).status).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await gql('mutation { logoutUser }')).status)
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true)
    expect(statuses[5]).toBe(429)
  })
})
