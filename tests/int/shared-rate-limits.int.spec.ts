/**
 * The `/v2` rate limit is shared by every instance (issue 17, item 6; issue 33, item 3): two handlers,
 * each with its own limiter and memory, as two app processes have, together allow 300 requests a
 * minute per client — counted in process and reconciled in batches with Postgres, or Redis with
 * REDIS_URL. Between batches instances may together allow a little more, at most
 * `limit - 1 + instances * floor(limit / 16)` (335 for two at 300; src/plugins/api-v2/http/sharedRateLimit.ts).
 * A store that fails does not take the API down. (tests/e2e/two-instances.e2e.ts checks the same
 * across two real processes; tests/unit/shared-rate-limit.test.ts the batching against a store in memory.)
 */
import { randomInt } from 'node:crypto'

import config from '@payload-config'
import { Redis } from 'ioredis'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sharedLimiter } from '../../src/lib/ratelimit/shared'
import type { WindowCounter } from '../../src/lib/ratelimit/windowCounter'
import { sqlPool as poolOf } from '../../src/lib/db/sql'
import { apiV2Handler, defaultLimiter, SharedRateLimiter } from '../../src/plugins/api-v2'
import { bootPayload } from '../helpers/payload'
import { startRedis, type TestRedis } from '../helpers/redisServer'

let payload: Payload
let redis: TestRedis | null = null
const started: SharedRateLimiter[] = []

beforeAll(async () => {
  payload = await bootPayload()
  redis = await startRedis(3751)
  if (!redis) console.warn('redis-server is not installed: the Redis store of the shared rate limit is not tested here')
})
afterAll(async () => {
  started.forEach((l) => l.stop())
  await redis?.stop()
})

/** The limiter a `/v2` handler makes for itself (300 a minute, the shared store of this setup). */
function instanceLimiter() {
  const limiter = defaultLimiter(config)
  if (!(limiter instanceof SharedRateLimiter)) throw new Error('the default /v2 limiter is no longer the shared one')
  started.push(limiter)
  return limiter
}

/** The most two instances may together allow in a window: the bound documented in sharedRateLimit.ts. */
const bound = (limit: number, instances: number) => limit - 1 + instances * Math.max(1, Math.floor(limit / 16))

// The store outlives this file (one database per run): addresses of this run only.
const run = randomInt(0, 256)
let n = 0
const freshAddress = () => `198.51.${run}.${(n += 1)}`

/** Alternates requests through each handler until one is refused; returns how many were allowed. */
async function allowedAcross(handlers: ((request: Request) => Promise<Response>)[], ip: string) {
  let allowed = 0
  for (let i = 0; i < 1000; i++) {
    const res = await handlers[i % handlers.length](new Request('http://localhost/v2/tag/side_type', { headers: { 'x-forwarded-for': ip } }))
    const body = await res.text()
    if (res.status === 429) return { allowed, refusal: JSON.parse(body) as unknown }
    expect(res.status).toBe(200)
    allowed += 1
  }
  throw new Error('never refused')
}

describe('in Postgres (no REDIS_URL)', () => {
  it('two instances together allow 300 requests a minute per client, not 600', async () => {
    const limiters = [instanceLimiter(), instanceLimiter()]
    const [a, b] = limiters.map((limiter) => apiV2Handler(config, { limiter }))
    const ip = freshAddress()
    const { allowed, refusal } = await allowedAcross([a, b], ip)
    expect(allowed).toBeGreaterThanOrEqual(300)
    expect(allowed).toBeLessThanOrEqual(bound(300, 2))
    expect(refusal).toEqual({ error: 'ratelimit_error', description: expect.stringMatching(/^rate limit exceeded; retry after \d+ milliseconds$/) })
    // Each refuses too once its next batch has read the total back (an instance that sent nothing since
    // may allow one more first, within the bound), with the headers a client reads to back off.
    let late = 0
    for (const [i, handler] of [a, b].entries()) {
      const get = () => handler(new Request('http://localhost/v2/tag/side_type', { headers: { 'x-forwarded-for': ip } }))
      let res: Response
      while ((res = await get()).status === 200) {
        late += 1
        await limiters[i].flush()
      }
      expect(res.status).toBe(429)
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    }
    expect(allowed + late).toBeLessThanOrEqual(bound(300, 2))
    // The count is in the rate_limits table every instance reads: exactly what the two allowed.
    await Promise.all(limiters.map((l) => l.flush()))
    const { rows } = await poolOf(payload).query<{ points: number }>(`SELECT points FROM rate_limits WHERE key = $1`, [`api_v2:${ip}`])
    expect(rows[0]?.points).toBe(allowed + late)
  })

  it('counts down the allowance from what both instances sent', async () => {
    const limiters = [instanceLimiter(), instanceLimiter()]
    const [a, b] = limiters.map((limiter) => apiV2Handler(config, { limiter }))
    const ip = freshAddress()
    const remaining = async (h: typeof a) => (await h(new Request('http://localhost/v2/tag/side_type', { headers: { 'x-forwarded-for': ip } }))).headers.get('x-ratelimit-remaining')
    expect(await remaining(a)).toBe('299')
    expect(await remaining(a)).toBe('298')
    await limiters[0].flush()
    // B answers from its own count until its first batch reads the client's total back.
    expect(await remaining(b)).toBe('299')
    await limiters[1].flush()
    expect(await remaining(b)).toBe('296')
  })

  it('costs a bounded number of statements, not one a request', async () => {
    let batches = 0
    let keys = 0
    const limiter = new SharedRateLimiter({
      limit: 300,
      periodMs: 60_000,
      open: async () => {
        const store = await sharedLimiter(payload, { name: 'api_v2', points: 300, durationSeconds: 60 })
        const counted: WindowCounter = { add: (deltas) => ((batches += 1), (keys += deltas.size), store.add(deltas)) }
        return { store: counted, logger: payload.logger }
      },
    })
    started.push(limiter)
    // One client hammering: 1000 requests, 300 allowed, a few dozen upserts (the 700 refused cost none).
    const ip = freshAddress()
    let allowed = 0
    for (let i = 0; i < 1000; i++) if ((await limiter.check(ip)).allowed) allowed += 1
    await limiter.flush()
    expect(allowed).toBe(300)
    expect(batches).toBeLessThanOrEqual(60)
    // 200 launchers, three requests each: no statement until the batch, then one for all of them.
    batches = keys = 0
    const launchers = Array.from({ length: 200 }, () => freshAddress())
    for (const launcher of launchers) for (let i = 0; i < 3; i++) await limiter.check(launcher)
    expect(batches).toBe(0)
    await limiter.flush()
    expect({ batches, keys }).toEqual({ batches: 1, keys: 200 })
    const { rows } = await poolOf(payload).query<{ points: number }>(`SELECT points FROM rate_limits WHERE key = ANY($1::varchar[])`, [launchers.map((l) => `api_v2:${l}`)])
    expect(rows.map((r) => r.points)).toEqual(launchers.map(() => 3))
  })
})

describe('in Redis (REDIS_URL)', () => {
  it('two limiters on one Redis share one allowance', async () => {
    // Not skipped when Redis is missing: the shared store is what this proves (the test machines have it, as Redis runs there).
    if (!redis) throw new Error('redis-server was not found on PATH: install it (Debian: redis-server) to run this test')
    const clients = [new Redis(redis.url, { enableOfflineQueue: false }), new Redis(redis.url, { enableOfflineQueue: false })]
    try {
      const limiters = clients.map(
        (client) => new SharedRateLimiter({ limit: 50, periodMs: 60_000, open: async () => ({ store: await sharedLimiter(payload, { name: 'api_v2', points: 50, durationSeconds: 60 }, client), logger: payload.logger }) }),
      )
      started.push(...limiters)
      let allowed = 0
      for (let i = 0; i < 200; i++) {
        const decision = await limiters[i % 2].check('203.0.113.50')
        if (!decision.allowed) {
          expect(decision).toMatchObject({ remaining: 0, limit: 50 })
          expect(decision.retryAfterMs).toBeGreaterThan(0)
          break
        }
        allowed += 1
      }
      expect(allowed).toBeGreaterThanOrEqual(50)
      expect(allowed).toBeLessThanOrEqual(bound(50, 2))
      // Each refuses once its next batch has read the total back; the store holds exactly what they allowed.
      for (const l of limiters) {
        while ((await l.check('203.0.113.50')).allowed) {
          allowed += 1
          await l.flush()
        }
      }
      expect(allowed).toBeLessThanOrEqual(bound(50, 2))
      await Promise.all(limiters.map((l) => l.flush()))
      expect(Number(await clients[0].get('api_v2:203.0.113.50'))).toBe(allowed)
    } finally {
      clients.forEach((c) => c.disconnect())
    }
  })
})

describe('a failing store', () => {
  it('lets requests through (limited per instance) and logs when Redis is down', async () => {
    // A real client whose server is gone: every command fails.
    const dead = new Redis('redis://127.0.0.1:3752', { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 1000 })
    dead.on('error', () => undefined) // the failure under test; the limiter reports it
    const logged: object[] = []
    try {
      const limiter = new SharedRateLimiter({
        limit: 5,
        periodMs: 60_000,
        open: async () => ({ store: await sharedLimiter(payload, { name: 'api_v2', points: 5, durationSeconds: 60 }, dead), logger: { error: (o) => logged.push(o) } }),
      })
      started.push(limiter)
      const decisions = []
      for (let i = 0; i < 6; i++) decisions.push(await limiter.check('203.0.113.60'))
      expect(decisions.slice(0, 5).every((d) => d.allowed)).toBe(true)
      expect(decisions[0].remaining).toBe(4)
      // The instance's own limiter still holds the line.
      expect(decisions[5].allowed).toBe(false)
      expect(logged).toHaveLength(1)
      expect(logged[0]).toMatchObject({ msg: expect.stringMatching(/shared rate limit store failed/) })
    } finally {
      dead.disconnect()
    }
  })
})
