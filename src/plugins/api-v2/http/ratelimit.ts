/**
 * Per-client rate limiting in one process: GCRA (as labrinth: 300 requests a minute with a burst of
 * 300), for a handler given it explicitly. The `/v2` handlers' default counts in process and
 * reconciles with a store all instances share (./sharedRateLimit.ts).
 */
export type RateLimitDecision = {
  allowed: boolean
  limit: number
  remaining: number
  /** Whole seconds until the client is back to its full allowance (labrinth rounds down too). */
  resetSeconds: number
  /** When refused: milliseconds until the next request would be allowed. */
  retryAfterMs: number
}

export interface RateLimiter {
  check(key: string): Promise<RateLimitDecision>
}

/** Holds each client's theoretical arrival time (ms). `update` must be atomic per key. */
export interface RateLimitStore {
  update(key: string, next: (tat: number | undefined) => number | undefined, ttlMs: number): Promise<void>
}

export type GcraOptions = { limit: number; periodMs: number; store?: RateLimitStore; now?: () => number }

export class GcraRateLimiter implements RateLimiter {
  private readonly interval: number
  private readonly store: RateLimitStore
  private readonly now: () => number

  constructor(private readonly options: GcraOptions) {
    this.interval = options.periodMs / options.limit
    this.store = options.store ?? new MemoryRateLimitStore()
    this.now = options.now ?? Date.now
  }

  async check(key: string): Promise<RateLimitDecision> {
    const { limit, periodMs } = this.options
    const now = this.now()
    let decision: RateLimitDecision | undefined
    await this.store.update(
      key,
      (stored) => {
        const tat = Math.max(stored ?? now, now)
        if (tat - now + this.interval > periodMs) {
          // The allowance is used up: refuse without consuming.
          decision = { allowed: false, limit, remaining: 0, resetSeconds: Math.floor((tat - now) / 1000), retryAfterMs: Math.ceil(tat - now + this.interval - periodMs) }
          return stored
        }
        const next = tat + this.interval
        decision = { allowed: true, limit, remaining: Math.max(0, Math.floor((periodMs - (next - now)) / this.interval)), resetSeconds: Math.floor((next - now) / 1000), retryAfterMs: 0 }
        return next
      },
      periodMs,
    )
    return decision!
  }
}

/** One process's memory: fine for a single instance; use a shared store behind a load balancer. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { tat: number; expires: number }>()
  private lastSweep = 0

  constructor(private readonly now: () => number = Date.now) {}

  async update(key: string, next: (tat: number | undefined) => number | undefined, ttlMs: number): Promise<void> {
    const now = this.now()
    this.sweep(now, ttlMs)
    const entry = this.entries.get(key)
    const tat = next(entry && entry.expires > now ? entry.tat : undefined)
    if (tat === undefined) return
    this.entries.set(key, { tat, expires: Math.max(tat, now) + ttlMs })
  }

  /** Forget clients idle for a whole period (their allowance is full again anyway). */
  private sweep(now: number, ttlMs: number) {
    if (now - this.lastSweep < ttlMs) return
    this.lastSweep = now
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key)
  }

  get size() {
    return this.entries.size
  }
}

