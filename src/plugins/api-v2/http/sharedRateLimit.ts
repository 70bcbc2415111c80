import type { WindowCounter } from '../../../lib/ratelimit/windowCounter'
import type { RateLimitDecision, RateLimiter } from './ratelimit'

type Logger = { error: (obj: object) => void }

export type SharedRateLimiterOptions = {
  limit: number
  periodMs: number
  /** Opens the shared store (src/lib/ratelimit/shared.ts); retried on the next flush when it fails. */
  open: () => Promise<{ store: WindowCounter; logger: Logger }>
  /** How long a count may wait in this process before it is sent (default 100 ms). */
  flushEveryMs?: number
  /** The largest slice of the allowance an instance hands out unreconciled is `limit / slices` (default 16). */
  slices?: number
  now?: () => number
}

/** One client in this process: the store's total as last read, and what was allowed here since. */
type Entry = { shared: number; pending: number; inflight: number; resetAt: number }

const RETRY_FAILED_STORE_MS = 1000

/**
 * The `/v2` limit shared by every instance, counted in process and reconciled with the store in
 * batches: a request costs no store round trip; every `flushEveryMs` one statement adds the counts of
 * every client seen since the last flush and reads back their totals for the window (fixed windows of
 * `periodMs`, started by a client's first counted request).
 *
 * Overshoot bound. An instance allows a client at most a slice (`limit / slices`, less near the limit)
 * beyond the total it last read; past that the request waits for a flush. Once the store's total
 * reaches the limit, each instance can still allow at most its one unreconciled slice before its next
 * flush tells it so. So per client and window, N instances together allow at most
 * `limit - 1 + N * floor(limit / slices)`: 335 for 300 a minute on two instances (tests/int/shared-rate-limits.int.spec.ts).
 * (An instance reads a client's total back only in a batch that carries a count of that client: one
 * that has sent nothing since others used the allowance may allow one more, within that bound.) While
 * the store fails the bound does not hold: each instance then allows `limit` on its own.
 *
 * A failing store must not take the API down: each instance then limits on its own counts alone (the
 * same number, per instance; the counts are sent when the store is back) and the failure is logged at
 * most once a minute.
 */
export class SharedRateLimiter implements RateLimiter {
  private store: Promise<{ store: WindowCounter; logger: Logger }> | undefined
  private readonly entries = new Map<string, Entry>()
  /** Clients with counts not yet sent. */
  private dirty = new Set<string>()
  private running: Promise<void> | undefined
  private queued: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private healthy = true
  private lastSweep = 0
  private failuresSinceReport = 0
  private lastReport = 0
  private readonly maxSlice: number
  private readonly now: () => number

  constructor(private readonly options: SharedRateLimiterOptions) {
    this.maxSlice = Math.max(1, Math.floor(options.limit / (options.slices ?? 16)))
    this.now = options.now ?? Date.now
  }

  async check(client: string): Promise<RateLimitDecision> {
    const key = client.slice(0, 200)
    const { limit } = this.options
    let entry = this.entry(key)
    // This instance's slice is used: reconcile before allowing more (never while the store is failing).
    while (this.healthy && used(entry) < limit && unsent(entry) >= this.slice(entry)) {
      await this.flush()
      entry = this.entry(key)
    }
    const now = this.now()
    const wait = Math.max(0, entry.resetAt - now)
    // A fixed window: the whole allowance is back when it ends.
    const resetSeconds = Math.ceil(wait / 1000)
    if (used(entry) >= limit) return { allowed: false, limit, remaining: 0, resetSeconds, retryAfterMs: wait }
    entry.pending += 1
    this.dirty.add(key)
    // Half a slice out: start sending now, so the request that reaches the slice rarely waits.
    if (this.healthy && !this.running && unsent(entry) * 2 >= this.slice(entry)) void this.flush()
    else this.schedule()
    return { allowed: true, limit, remaining: Math.max(0, limit - used(entry)), resetSeconds, retryAfterMs: 0 }
  }

  /** Sends every count not yet sent and reads back the totals (the timer does this; tests and shutdown call it). */
  flush(): Promise<void> {
    if (!this.running) {
      this.running = this.send().finally(() => (this.running = undefined))
      return this.running
    }
    // One is under way with an older batch: the caller's counts go in the next one.
    this.queued ??= this.running.then(() => {
      this.queued = undefined
      return this.flush()
    })
    return this.queued
  }

  /** Stops the timer (counts not yet sent are dropped). */
  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private entry(key: string): Entry {
    const now = this.now()
    let entry = this.entries.get(key)
    if (!entry) {
      entry = { shared: 0, pending: 0, inflight: 0, resetAt: now + this.options.periodMs }
      this.entries.set(key, entry)
    } else if (entry.resetAt <= now) {
      // A new window. While the store fails, counts of the old one are let go (they are the only count).
      entry.shared = 0
      entry.resetAt = now + this.options.periodMs
      if (!this.healthy) entry.pending = 0
    }
    return entry
  }

  /** How many more this instance may allow unreconciled: smaller near the limit, so the last requests are counted closely. */
  private slice(entry: Entry): number {
    return Math.max(1, Math.min(this.maxSlice, Math.floor((this.options.limit - entry.shared) / 4)))
  }

  private schedule() {
    if (this.timer || this.dirty.size === 0) return
    this.timer = setTimeout(
      () => {
        this.timer = undefined
        void this.flush()
      },
      this.healthy ? (this.options.flushEveryMs ?? 100) : RETRY_FAILED_STORE_MS,
    )
    this.timer.unref()
  }

  private async send(): Promise<void> {
    const batch = new Map<string, number>()
    for (const key of this.dirty) {
      const entry = this.entries.get(key)
      if (!entry?.pending) continue
      batch.set(key, entry.pending)
      entry.inflight += entry.pending
      entry.pending = 0
    }
    this.dirty = new Set()
    let logger: Logger | undefined
    try {
      if (batch.size) {
        const opened = await this.opened()
        logger = opened.logger
        const totals = await opened.store.add(batch)
        const now = this.now()
        for (const [key, delta] of batch) {
          const total = totals.get(key)
          const entry = this.entries.get(key)
          if (!total || !entry) continue
          entry.inflight -= delta
          batch.delete(key)
          entry.shared = total.points
          entry.resetAt = now + total.msLeft
        }
        if (batch.size) throw new Error(`the store did not count ${batch.size} of the clients sent`)
        this.healthy = true
      }
    } catch (error) {
      // Sent again with the next flush.
      for (const [key, delta] of batch) {
        const entry = this.entries.get(key)
        if (!entry) continue
        entry.inflight -= delta
        entry.pending += delta
        this.dirty.add(key)
      }
      this.healthy = false
      this.report(error, logger)
    } finally {
      this.sweep()
      this.schedule()
    }
  }

  private opened() {
    if (!this.store) {
      this.store = this.options.open()
      this.store.catch(() => (this.store = undefined))
    }
    return this.store
  }

  /** Forgets clients whose window is over and whose counts are all sent (their allowance is full again anyway). */
  private sweep() {
    const now = this.now()
    if (now - this.lastSweep < this.options.periodMs) return
    this.lastSweep = now
    for (const [key, entry] of this.entries) if (entry.resetAt <= now && !unsent(entry)) this.entries.delete(key)
  }

  private report(error: unknown, logger: Logger | undefined) {
    this.failuresSinceReport += 1
    const now = Date.now()
    if (now - this.lastReport < 60_000) return
    const msg = `shared rate limit store failed (${this.failuresSinceReport} flushes since the last report); requests are limited per instance meanwhile`
    if (logger) logger.error({ err: error, msg })
    else console.error(msg, error)
    this.lastReport = now
    this.failuresSinceReport = 0
  }
}

const unsent = (entry: Entry) => entry.pending + entry.inflight
const used = (entry: Entry) => entry.shared + entry.pending + entry.inflight
