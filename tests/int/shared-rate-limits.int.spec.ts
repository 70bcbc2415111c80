/**
 * The `/v2` rate limit is shared by every instance (issue 17, item 6): two handlers, each with its own
 * limiter and memory, as two app processes have, together allow 300 requests a minute per client —
 * counted in Postgres, or in Redis with REDIS_URL. A store that fails does not take the API down.
 * (tests/e2e/two-instances.e2e.ts checks the same across two real processes.)
 */
import { randomInt } from 'node:crypto'

import config from '@payload-config'
import { Redis } from 'ioredis'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sharedLimiter } from '../../src/lib/ratelimit/shared'
import { sqlPool as poolOf } from '../../src/lib/db/sql'
import { apiV2Handler, SharedRateLimiter } from '../../src/plugins/api-v2'
import { bootPayload } from '../helpers/payload'
import { startRedis, type TestRedis } from '../helpers/redisServer'

let payload: Payload
let redis: TestRedis | null = null

beforeAll(async () => {
  payload = await bootPayload()
  redis = await startRedis(3751)
  if (!redis) console.warn('redis-server is not installed: the Redis store of the shared rate limit is not tested here')
})
afterAll(async () => {
  await redis?.stop()
})

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
    const a = apiV2Handler(config)
    const b = apiV2Handler(config)
    const ip = freshAddress()
    const { allowed, refusal } = await allowedAcross([a, b], ip)
    expect(allowed).toBe(300)
    // Both refuse now, with the headers a client reads to back off.
    for (const handler of [a, b]) {
      const res = await handler(new Request('http://localhost/v2/tag/side_type', { headers: { 'x-forwarded-for': ip } }))
      expect(res.status).toBe(429)
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    }
    expect(refusal).toEqual({ error: 'ratelimit_error', description: expect.stringMatching(/^rate limit exceeded; retry after \d+ milliseconds$/) })
    // The count is in the rate_limits table every instance reads.
    const { rows } = await poolOf(payload).query<{ points: number }>(`SELECT points FROM rate_limits WHERE key = $1`, [`api_v2:${ip}`])
    expect(rows[0]?.points).toBeGreaterThanOrEqual(300)
  })

  it('counts down the same allowance on either instance', async () => {
    const a = apiV2Handler(config)
    const b = apiV2Handler(config)
    const ip = freshAddress()
    const remaining = async (h: typeof a) => (await h(new Request('http://localhost/v2/tag/side_type', { headers: { 'x-forwarded-for': ip } }))).headers.get('x-ratelimit-remaining')
    expect(await remaining(a)).toBe('299')
    expect(await remaining(b)).toBe('298')
    expect(await remaining(a)).toBe('297')
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
      expect(allowed).toBe(50)
      expect(Number(await clients[0].get('api_v2:203.0.113.50'))).toBeGreaterThanOrEqual(50)
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
