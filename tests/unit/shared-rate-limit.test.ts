/**
 * The `/v2` limit counted in process and reconciled with the shared store in batches
 * (src/plugins/api-v2/http/sharedRateLimit.ts), against an in-memory store: the store is written once
 * a batch, not once a request, and instances sharing it stay within the documented overshoot bound,
 * `limit - 1 + instances * floor(limit / 16)`. (tests/int/shared-rate-limits.int.spec.ts: the same on Postgres and Redis.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { WindowCounter, WindowTotal } from '../../src/lib/ratelimit/windowCounter'
import { SharedRateLimiter } from '../../src/plugins/api-v2/http/sharedRateLimit'

/** One store every limiter of a test shares; counts its batches. */
class MemoryCounter implements WindowCounter {
  readonly totals = new Map<string, number>()
  batches = 0
  keysSent = 0
  failing = false
  constructor(private readonly latencyMs = 0) {}

  async add(deltas: ReadonlyMap<string, number>): Promise<Map<string, WindowTotal>> {
    this.batches += 1
    this.keysSent += deltas.size
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs))
    if (this.failing) throw new Error('store down')
    const out = new Map<string, WindowTotal>()
    for (const [key, delta] of deltas) {
      const points = (this.totals.get(key) ?? 0) + delta
      this.totals.set(key, points)
      out.set(key, { points, msLeft: 60_000 })
    }
    return out
  }
}

const limiters: SharedRateLimiter[] = []
afterEach(() => {
  limiters.splice(0).forEach((l) => l.stop())
  vi.useRealTimers()
})

function limiter(store: WindowCounter, limit = 300, logged: object[] = []) {
  const l = new SharedRateLimiter({ limit, periodMs: 60_000, open: async () => ({ store, logger: { error: (o) => logged.push(o) } }) })
  limiters.push(l)
  return l
}

const bound = (limit: number, instances: number) => limit - 1 + instances * Math.max(1, Math.floor(limit / 16))

/**
 * Each instance refuses the client at the latest once a batch has read the total back: one that has
 * sent nothing since may allow one more first (within the bound). Returns how many were still allowed.
 */
async function untilRefused(instances: SharedRateLimiter[], client: string) {
  let late = 0
  for (const l of instances) {
    let decision
    while ((decision = await l.check(client)).allowed) {
      late += 1
      await l.flush()
    }
    expect(decision).toMatchObject({ allowed: false, remaining: 0 })
    expect(decision.retryAfterMs).toBeGreaterThan(0)
  }
  return late
}

describe('batched shared rate limit', () => {
  it('one client making 1000 requests costs a few dozen store writes, not 1000', async () => {
    const store = new MemoryCounter()
    const l = limiter(store)
    let allowed = 0
    for (let i = 0; i < 1000; i++) if ((await l.check('203.0.113.1')).allowed) allowed += 1
    await l.flush()
    // One instance knows every count it made: exactly the limit, and the store holds exactly that.
    expect(allowed).toBe(300)
    expect(store.totals.get('203.0.113.1')).toBe(300)
    // A slice (300 / 16 = 18) a batch or two far from the limit, one a request only in the last few;
    // the 700 refused cost nothing.
    expect(store.batches).toBeLessThanOrEqual(60)
  })

  it('anonymous launchers cost no store write per request: one batch for every client seen', async () => {
    const store = new MemoryCounter()
    const l = limiter(store)
    for (let c = 0; c < 500; c++) for (let i = 0; i < 3; i++) expect((await l.check(`198.51.100.${c}`)).allowed).toBe(true)
    expect(store.batches).toBe(0)
    await l.flush()
    expect(store.batches).toBe(1)
    expect(store.keysSent).toBe(500)
    expect(store.totals.get('198.51.100.7')).toBe(3)
  })

  it('sends on its own every 100 ms', async () => {
    vi.useFakeTimers()
    const store = new MemoryCounter()
    const l = limiter(store)
    await l.check('203.0.113.2')
    expect(store.batches).toBe(0)
    await vi.advanceTimersByTimeAsync(100)
    expect(store.batches).toBe(1)
    expect(store.totals.get('203.0.113.2')).toBe(1)
    // Nothing new: no batch.
    await vi.advanceTimersByTimeAsync(1000)
    expect(store.batches).toBe(1)
  })

  it('counts down headers from the total both instances sent', async () => {
    const store = new MemoryCounter()
    const [a, b] = [limiter(store), limiter(store)]
    expect((await a.check('203.0.113.3')).remaining).toBe(299)
    expect((await a.check('203.0.113.3')).remaining).toBe(298)
    await a.flush()
    // B has not read the client yet: it answers from its own count until its first batch.
    expect((await b.check('203.0.113.3')).remaining).toBe(299)
    await b.flush()
    expect((await b.check('203.0.113.3')).remaining).toBe(296)
  })

  it('two instances hammered at once stay within the bound, and the store counts exactly what they allowed', async () => {
    const store = new MemoryCounter(2) // a store round trip of 2 ms: counts interleave with batches in flight
    const instances = [limiter(store), limiter(store)]
    const decisions = await Promise.all(Array.from({ length: 800 }, (_, i) => instances[i % 2].check('203.0.113.4')))
    let allowed = decisions.filter((d) => d.allowed).length
    expect(allowed).toBeGreaterThanOrEqual(300)
    allowed += await untilRefused(instances, '203.0.113.4')
    expect(allowed).toBeLessThanOrEqual(bound(300, 2))
    await Promise.all(instances.map((l) => l.flush()))
    expect(store.totals.get('203.0.113.4')).toBe(allowed)
  })

  it('two instances taking turns stay within the bound, and refuse together after a batch', async () => {
    const store = new MemoryCounter()
    const instances = [limiter(store, 40), limiter(store, 40)]
    let allowed = 0
    let i = 0
    while ((await instances[i++ % 2].check('203.0.113.5')).allowed) allowed += 1
    expect(allowed).toBeGreaterThanOrEqual(40)
    allowed += await untilRefused(instances, '203.0.113.5')
    expect(allowed).toBeLessThanOrEqual(bound(40, 2))
    await Promise.all(instances.map((l) => l.flush()))
    expect(store.totals.get('203.0.113.5')).toBe(allowed)
  })

  it('a failing store: each instance limits on its own counts, logs once, and sends them when the store is back', async () => {
    const store = new MemoryCounter()
    store.failing = true
    const logged: object[] = []
    const l = limiter(store, 5, logged)
    const decisions = []
    for (let i = 0; i < 6; i++) decisions.push(await l.check('203.0.113.6'))
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false])
    expect(decisions[0].remaining).toBe(4)
    for (let i = 0; i < 3; i++) await l.flush()
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ msg: expect.stringMatching(/shared rate limit store failed/) })
    store.failing = false
    await l.flush()
    expect(store.totals.get('203.0.113.6')).toBe(5)
  })
})
