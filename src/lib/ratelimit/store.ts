import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'

import { sqlPool } from '../db/sql'
import { limitSpecs, type LimitName } from './limits'

/**
 * Rate-limit counters live in Postgres (table `rate_limits`, through rate-limiter-flexible and the app's
 * own pool): every instance already shares that database, so the limits hold behind a load balancer
 * without another service. Sign-ins and writes are a small share of traffic, so one upsert each is
 * cheap. The high-volume `/v2` reads use the same table, or Redis when REDIS_URL is set, counted in
 * process and written in batches (./shared.ts, ./windowCounter.ts).
 *
 * The table is not a Payload collection and so not in the migrations: like rate-limiter-flexible's
 * own setup it is created on first use (under an advisory lock, so instances starting together do not
 * race on Postgres's catalog).
 */
export const RATE_LIMIT_TABLE = 'rate_limits'

const TABLE_SQL = `CREATE TABLE IF NOT EXISTS "${RATE_LIMIT_TABLE}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`

type Limiters = Record<LimitName, RateLimiterPostgres>
const cache = new WeakMap<Payload, Promise<Limiters>>()
const tables = new WeakMap<Pool, Promise<void>>()

/** Creates the table once per pool (a failure is retried on the next call). */
export function ensureRateLimitTable(pool: Pool): Promise<void> {
  let created = tables.get(pool)
  if (!created) {
    created = createTable(pool)
    created.catch(() => tables.delete(pool))
    tables.set(pool, created)
  }
  return created
}

async function createTable(pool: Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [RATE_LIMIT_TABLE])
    await client.query(TABLE_SQL)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

async function createLimiters(payload: Payload): Promise<Limiters> {
  const pool = sqlPool(payload)
  await ensureRateLimitTable(pool)
  const specs = limitSpecs()
  const make = (name: LimitName) =>
    new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: RATE_LIMIT_TABLE, tableCreated: true, keyPrefix: specs[name].name, points: specs[name].points, duration: specs[name].durationSeconds })
  return Object.fromEntries((Object.keys(specs) as LimitName[]).map((name) => [name, make(name)])) as Limiters
}

export function rateLimiters(payload: Payload): Promise<Limiters> {
  let limiters = cache.get(payload)
  if (!limiters) {
    limiters = createLimiters(payload)
    limiters.catch(() => cache.delete(payload))
    cache.set(payload, limiters)
  }
  return limiters
}

/** Refused: seconds until the next attempt would be allowed (for `Retry-After`). */
export type Refusal = { retryAfterSeconds: number }

/**
 * Takes one point from each key; the first limit already used up refuses. A failing store lets the
 * request through (logged): a broken counter must not take sign-in down with it.
 */
export async function consume(payload: Payload, checks: [LimitName, string][]): Promise<Refusal | null> {
  const limiters = await rateLimiters(payload)
  for (const [name, key] of checks) {
    try {
      await limiters[name].consume(key.slice(0, 200))
    } catch (error) {
      if (error instanceof RateLimiterRes) return { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) }
      payload.logger.error({ err: error, msg: `rate limiter ${name} failed; request let through` })
    }
  }
  return null
}

/** A key's count with this attempt added, and whether that is past the limit. */
export type Tally = { consumed: number; over: boolean; retryAfterSeconds: number }

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/**
 * Counts one point and reports the new count without refusing: the caller decides, and gives the point
 * back (`forgive`) when it refuses, so a refused attempt leaves nothing counted. One atomic upsert, so
 * attempts arriving together each see their own count. Null when the store failed (logged; let through).
 */
export async function tally(payload: Payload, name: LimitName, key: string): Promise<Tally | null> {
  const limiter = (await rateLimiters(payload))[name]
  try {
    const res = await limiter.penalty(key.slice(0, 200), 1)
    return { consumed: res.consumedPoints, over: res.consumedPoints > limiter.points, retryAfterSeconds: secondsOf(res.msBeforeNext) }
  } catch (error) {
    payload.logger.error({ err: error, msg: `rate limiter ${name} could not count; request let through` })
    return null
  }
}

/** Whether `remember` marked this key within the limit's duration. */
export async function isRemembered(payload: Payload, name: LimitName, key: string): Promise<boolean> {
  const limiter = (await rateLimiters(payload))[name]
  try {
    return !!(await limiter.get(key.slice(0, 200)))
  } catch (error) {
    payload.logger.error({ err: error, msg: `rate limiter ${name} could not be read` })
    return false
  }
}

/** Marks a key for the limit's whole duration from now (a later mark starts it again). */
export async function remember(payload: Payload, name: LimitName, key: string): Promise<void> {
  const limiter = (await rateLimiters(payload))[name]
  try {
    await limiter.set(key.slice(0, 200), 1, limiter.duration)
  } catch (error) {
    payload.logger.error({ err: error, msg: `rate limiter ${name} could not remember` })
  }
}

/** Gives back a point (a sign-in that succeeded was no failure) or clears a key altogether. */
export async function forgive(payload: Payload, name: LimitName, key: string, clear = false): Promise<void> {
  const limiter = (await rateLimiters(payload))[name]
  try {
    if (clear) await limiter.delete(key.slice(0, 200))
    else await limiter.reward(key.slice(0, 200), 1)
  } catch (error) {
    payload.logger.error({ err: error, msg: `rate limiter ${name} could not forgive` })
  }
}
