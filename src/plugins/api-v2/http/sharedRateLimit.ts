import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

import { GcraRateLimiter, type RateLimitDecision, type RateLimiter } from './ratelimit'

type Logger = { error: (obj: object) => void }

export type SharedRateLimiterOptions = {
  limit: number
  periodMs: number
  /** Opens the shared store (src/lib/ratelimit/shared.ts); retried on the next request when it fails. */
  open: () => Promise<{ store: RateLimiterAbstract; logger: Logger }>
}

/**
 * The `/v2` limit in a store every instance shares, so N instances together still allow `limit`
 * requests a period per client, not N times that. The store counts fixed windows of `periodMs`.
 *
 * A failing store must not take the API down: the request is answered by this process's own GCRA
 * limiter (the same number, per instance) and the failure is logged, at most once a minute.
 */
export class SharedRateLimiter implements RateLimiter {
  private store: Promise<{ store: RateLimiterAbstract; logger: Logger }> | undefined
  private readonly fallback: GcraRateLimiter
  private failuresSinceReport = 0
  private lastReport = 0

  constructor(private readonly options: SharedRateLimiterOptions) {
    this.fallback = new GcraRateLimiter({ limit: options.limit, periodMs: options.periodMs })
  }

  async check(key: string): Promise<RateLimitDecision> {
    let logger: Logger | undefined
    try {
      const opened = await this.opened()
      logger = opened.logger
      return this.decision(await opened.store.consume(key.slice(0, 200)), true)
    } catch (error) {
      if (error instanceof RateLimiterRes) return this.decision(error, false)
      this.report(error, logger)
      return this.fallback.check(key)
    }
  }

  private opened() {
    if (!this.store) {
      this.store = this.options.open()
      this.store.catch(() => (this.store = undefined))
    }
    return this.store
  }

  private decision(res: RateLimiterRes, allowed: boolean): RateLimitDecision {
    const wait = Math.max(0, res.msBeforeNext)
    return {
      allowed,
      limit: this.options.limit,
      remaining: allowed ? Math.max(0, res.remainingPoints) : 0,
      // A fixed window: the whole allowance is back when it ends.
      resetSeconds: Math.ceil(wait / 1000),
      retryAfterMs: allowed ? 0 : wait,
    }
  }

  private report(error: unknown, logger: Logger | undefined) {
    this.failuresSinceReport += 1
    const now = Date.now()
    if (now - this.lastReport < 60_000) return
    const msg = `shared rate limit store failed (${this.failuresSinceReport} requests since the last report); requests are limited per instance meanwhile`
    if (logger) logger.error({ err: error, msg })
    else console.error(msg, error)
    this.lastReport = now
    this.failuresSinceReport = 0
  }
}
