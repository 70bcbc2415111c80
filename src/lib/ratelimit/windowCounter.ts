import type { Redis } from 'ioredis'
import type { Pool } from 'pg'
import { RateLimiterRedis } from 'rate-limiter-flexible'
import { z } from 'zod'

import { RATE_LIMIT_TABLE } from './store'

/** A key's count in the shared store after a batch was added, and how long its window still runs. */
export type WindowTotal = { points: number; msLeft: number }

/**
 * Fixed-window counters every instance shares, written in batches (src/plugins/api-v2/http/sharedRateLimit.ts):
 * `add` adds each key's delta and answers each key's total for its window. A key missing from the
 * answer was not counted (its delta is to be sent again); a store that counted nothing throws.
 */
export interface WindowCounter {
  add(deltas: ReadonlyMap<string, number>): Promise<Map<string, WindowTotal>>
}

// The database's clock, not each instance's: instances whose clocks disagree still share one window.
const NOW = `(extract(epoch FROM statement_timestamp()) * 1000)::bigint`
const EXPIRED = `(t.expire IS NULL OR t.expire <= ${NOW})`

/**
 * One statement for the whole batch, in rate-limiter-flexible's row format (`prefix:key`, points,
 * expire in epoch ms), so the table and its expired-row cleanup stay the ones the sign-in limits use.
 * Keys go in sorted: two instances upserting overlapping batches lock rows in the same order and
 * cannot deadlock.
 */
const UPSERT = `INSERT INTO "${RATE_LIMIT_TABLE}" AS t (key, points, expire)
SELECT d.key, d.points, ${NOW} + $3::bigint FROM unnest($1::varchar[], $2::int[]) AS d(key, points) ORDER BY d.key
ON CONFLICT (key) DO UPDATE SET
  points = CASE WHEN ${EXPIRED} THEN EXCLUDED.points ELSE t.points + EXCLUDED.points END,
  expire = CASE WHEN ${EXPIRED} THEN EXCLUDED.expire ELSE t.expire END
RETURNING t.key, t.points, t.expire - ${NOW} AS ms_left`

const Row = z.object({ key: z.string(), points: z.coerce.number(), ms_left: z.coerce.number() })

/** Expired rows of this prefix are deleted at most this often (nothing else deletes them when no sign-in limiter runs). */
const CLEANUP_EVERY_MS = 5 * 60_000

export class PostgresWindowCounter implements WindowCounter {
  private lastCleanup = Date.now()

  constructor(
    private readonly pool: Pool,
    private readonly prefix: string,
    private readonly durationMs: number,
  ) {}

  async add(deltas: ReadonlyMap<string, number>): Promise<Map<string, WindowTotal>> {
    const keys = [...deltas.keys()].sort()
    const { rows } = await this.pool.query(UPSERT, [keys.map((k) => `${this.prefix}:${k}`), keys.map((k) => deltas.get(k)!), this.durationMs])
    const totals = new Map<string, WindowTotal>()
    for (const row of rows) {
      const r = Row.parse(row)
      totals.set(r.key.slice(this.prefix.length + 1), { points: r.points, msLeft: Math.max(0, r.ms_left) })
    }
    this.cleanup()
    return totals
  }

  private cleanup() {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return
    this.lastCleanup = Date.now()
    const sql = `DELETE FROM "${RATE_LIMIT_TABLE}" WHERE key LIKE $1 AND expire < ${NOW} - 60000`
    this.pool.query(sql, [`${this.prefix.replace(/[\\%_]/g, '\\$&')}:%`]).catch(() => undefined) // retried next time; the rows only take room
  }
}

/**
 * Redis through rate-limiter-flexible (its atomic SET NX + INCRBY + PTTL script, keys `prefix:key`):
 * one command a key a batch, all sent at once on the one connection.
 */
export class RedisWindowCounter implements WindowCounter {
  private readonly limiter: RateLimiterRedis

  constructor(redis: Redis, prefix: string, durationMs: number) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: prefix, points: Number.MAX_SAFE_INTEGER, duration: durationMs / 1000, rejectIfRedisNotReady: true })
  }

  async add(deltas: ReadonlyMap<string, number>): Promise<Map<string, WindowTotal>> {
    const entries = [...deltas]
    const results = await Promise.allSettled(entries.map(([key, delta]) => this.limiter.penalty(key, delta)))
    const totals = new Map<string, WindowTotal>()
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') totals.set(entries[i][0], { points: r.value.consumedPoints, msLeft: Math.max(0, r.value.msBeforeNext) })
    })
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed && totals.size === 0) throw failed.reason
    return totals
  }
}
