/**
 * The default install's database under ordinary concurrent use. This file always runs on its own
 * embedded PostgreSQL (what `npm start` uses without DATABASE_URL), whatever the run's database is:
 * the embedded PGlite it replaced froze the whole site on one signed-in user's REST update (issue 11).
 * Requests go through Payload's REST handlers and the /v2 route handlers in-process, Local API writes
 * with a user stand in for server actions. A request that never answers fails the test by name; no
 * durations are asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startThrowawayDatabase } from '../../scripts/fresh-db.mjs'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'

type Reply = { status: number; body: { errors?: { message: string }[]; doc?: Record<string, unknown> } & Record<string, unknown> }
type RestHandler = (req: Request, args: { params: Promise<{ slug: string[] }> }) => Promise<Response>
type Signed = User & { collection: 'users'; jwt: string }

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bf-reliability-'))
const savedUrl = process.env.DATABASE_URL
let db: { url: string; stop: () => Promise<void> }
let payload: Payload
let rest: Record<'GET' | 'PATCH', RestHandler>
let v2: (p: string) => Promise<{ status: number }>

/** Resolves with `work`, or fails naming `label` if it never answers (60 s is "hung", not a budget). */
function answers<T>(label: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} did not answer: the database is stuck`)), 60_000)
  })
  return Promise.race([work, hung]).finally(() => clearTimeout(timer))
}

async function api(method: 'GET' | 'PATCH', pathAndQuery: string, as?: Signed, body?: unknown): Promise<Reply> {
  const url = new URL(`http://localhost/api${pathAndQuery}`)
  const slug = url.pathname.replace(/^\/api\//, '').split('/').map(decodeURIComponent)
  const headers = new Headers({ 'content-type': 'application/json' })
  if (as) headers.set('authorization', `JWT ${as.jwt}`)
  const req = new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const res = await answers(`${method} /api${pathAndQuery}`, rest[method](req, { params: Promise.resolve({ slug }) }))
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Reply['body'] }
}

async function signedIn(role: User['role'] = 'developer'): Promise<Signed> {
  const user = await makeUser(payload, role)
  const { token } = await payload.login({ collection: 'users', data: { username: user.username, password: 'test-password-1' } })
  return { ...user, jwt: token! }
}

async function ownToken(user: Signed): Promise<string> {
  const doc = await payload.create({ collection: 'access-tokens', data: { name: 'Launcher', scopes: '0', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, user, overrideAccess: false })
  return String(doc.id)
}

/** A write answered either saved (2xx) or refused with an error body: never a hang, never an empty answer. */
function expectSavedOrRefused(reply: Reply, label: string) {
  if (reply.status < 300) return
  expect(reply.status, label).toBeGreaterThanOrEqual(400)
  expect(reply.body.errors?.[0]?.message, `${label}: a refusal says why`).toBeTruthy()
}

beforeAll(async () => {
  db = await startThrowawayDatabase(tmp)
  // Payload's config reads DATABASE_URL when first imported, which happens below (this file's own module graph).
  process.env.DATABASE_URL = db.url
  const { bootPayload } = await import('../helpers/payload')
  payload = await bootPayload()
  const config = (await import('@payload-config')).default
  const routes = await import('@payloadcms/next/routes')
  rest = { GET: routes.REST_GET(config) as RestHandler, PATCH: routes.REST_PATCH(config) as RestHandler }
  v2 = (await import('../helpers/v2')).v2
})

afterAll(async () => {
  // The server ends the pool's sessions on shutdown; those errors are expected now, not crashes.
  ;(payload?.db as unknown as { pool?: { on: (e: string, f: () => void) => void } } | undefined)?.pool?.on('error', () => {})
  await db?.stop()
  process.env.DATABASE_URL = savedUrl
  rmSync(tmp, { recursive: true, force: true })
})

describe('embedded database reliability', () => {
  it('regression (issue 11): a signed-in user PATCHing their own access token or profile through /api answers, and concurrent reads keep answering', async () => {
    const user = await signedIn()
    const tokenId = await ownToken(user)
    const reads = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? api('GET', '/projects?limit=5') : i % 3 === 1 ? api('GET', `/users/${user.id}`, user) : v2(`/search?query=reliability-${i}`),
    )
    const [tokenPatch, profilePatch, ...readReplies] = await Promise.all([
      api('PATCH', `/access-tokens/${tokenId}`, user, { name: 'Renamed launcher' }),
      api('PATCH', `/users/${user.id}`, user, { bio: 'Updated while others read' }),
      ...reads,
    ])
    expect(tokenPatch.status, JSON.stringify(tokenPatch.body)).toBe(200)
    expect(tokenPatch.body.doc?.name).toBe('Renamed launcher')
    expect(profilePatch.status, JSON.stringify(profilePatch.body)).toBe(200)
    expect(readReplies.map((r) => r.status)).toEqual(readReplies.map(() => 200))
    // And the site still answers afterwards.
    expect((await api('GET', `/access-tokens/${tokenId}`, user)).body.name).toBe('Renamed launcher')
  })

  it('concurrent REST and Local API updates of the same and different documents, while searches and reads run: every write saved or refused cleanly', async () => {
    const users = await Promise.all([signedIn(), signedIn(), signedIn(), signedIn()])
    const tokens = await Promise.all(users.map(ownToken))
    const [hot] = users // the same document, written by many requests at once
    const writes: { doc: string; value: string; reply: Promise<Reply> }[] = []
    for (let i = 0; i < 24; i++) {
      const bio = `bio ${i}`
      writes.push({ doc: `users/${hot.id}`, value: bio, reply: api('PATCH', `/users/${hot.id}`, hot, { bio }) })
    }
    for (const [u, user] of users.entries()) {
      for (let i = 0; i < 8; i++) {
        const name = `token ${u}.${i}`
        writes.push({ doc: `access-tokens/${tokens[u]}`, value: name, reply: api('PATCH', `/access-tokens/${tokens[u]}`, user, { name }) })
      }
    }
    // Server actions call the Local API with the signed-in user; the same hot document, concurrently.
    for (let i = 0; i < 12; i++) {
      const bio = `action ${i}`
      const saved = payload.update({ collection: 'users', id: hot.id, data: { bio }, user: hot, overrideAccess: false })
      const reply = saved.then(
        (): Reply => ({ status: 200, body: {} }),
        (e: Error): Reply => ({ status: 400, body: { errors: [{ message: e.message }] } }),
      )
      writes.push({ doc: `users/${hot.id}`, value: bio, reply: answers(`Local API update ${i}`, reply) })
    }
    // Somebody else's token: refused (404), cleanly, under the same load.
    const foreign = api('PATCH', `/access-tokens/${tokens[1]}`, users[2], { name: 'not mine' })
    const reads: Promise<{ status: number }>[] = []
    for (let i = 0; i < 90; i++) {
      if (i % 3 === 0) reads.push(v2(`/search?query=${['mod', 'map', 'token', 'bio'][i % 4]}&limit=10`))
      else if (i % 3 === 1) reads.push(api('GET', `/users/${users[i % 4].id}`, users[i % 4]))
      else reads.push(answers('Local API find', payload.find({ collection: 'projects', limit: 10, user: users[i % 4], overrideAccess: false }).then(() => ({ status: 200 }))))
    }

    const replies = await Promise.all(writes.map((w) => w.reply))
    const readReplies = await Promise.all(reads)
    const foreignReply = await foreign

    expect(readReplies.filter((r) => r.status !== 200)).toEqual([])
    expect([403, 404]).toContain(foreignReply.status)
    replies.forEach((reply, i) => expectSavedOrRefused(reply, `${writes[i].doc} ← ${writes[i].value}`))
    // Each document ends with a value some write was told was saved (last writer wins, nothing torn).
    const savedValues = (doc: string) => writes.filter((w, i) => w.doc === doc && replies[i].status < 300).map((w) => w.value)
    const hotNow = await payload.findByID({ collection: 'users', id: hot.id, overrideAccess: true })
    expect(savedValues(`users/${hot.id}`)).toContain(hotNow.bio)
    for (const id of tokens) {
      const now = await payload.findByID({ collection: 'access-tokens', id, overrideAccess: true })
      expect(savedValues(`access-tokens/${id}`)).toContain(now.name)
    }
    expect((await payload.findByID({ collection: 'access-tokens', id: tokens[1], overrideAccess: true })).name).not.toBe('not mine')
  })
})
