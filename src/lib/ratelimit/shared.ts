import type { Redis } from 'ioredis'
import type { Payload } from 'payload'

import { sqlPool } from '../db/sql'
import { redisClient, redisReady } from '../redis'
import type { LimitSpec } from './limits'
import { ensureRateLimitTable } from './store'
import { PostgresWindowCounter, RedisWindowCounter, type WindowCounter } from './windowCounter'

/**
 * The store of a rate limit every instance shares (fixed windows of `durationSeconds`), written in
 * batches by src/plugins/api-v2/http/sharedRateLimit.ts: in Redis when REDIS_URL is set, else in the
 * `rate_limits` table of Postgres (one upsert a batch), which every instance already shares.
 */
export async function sharedLimiter(payload: Payload, spec: LimitSpec, redis: Redis | null = redisClient()): Promise<WindowCounter> {
  const durationMs = spec.durationSeconds * 1000
  if (redis) {
    await redisReady(redis)
    return new RedisWindowCounter(redis, spec.name, durationMs)
  }
  const pool = sqlPool(payload)
  await ensureRateLimitTable(pool)
  return new PostgresWindowCounter(pool, spec.name, durationMs)
}
