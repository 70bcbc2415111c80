import type { Redis } from 'ioredis'
import type { Payload } from 'payload'
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible'

import { sqlPool } from '../db/sql'
import { redisClient, redisReady } from '../redis'
import type { LimitSpec } from './limits'
import { ensureRateLimitTable, RATE_LIMIT_TABLE } from './store'

/**
 * A rate limit every instance shares (rate-limiter-flexible, a fixed window of `durationSeconds`):
 * in Redis when REDIS_URL is set (one atomic INCR + PEXPIRE per request), else in the `rate_limits`
 * table of Postgres (one upsert per request), which every instance already shares.
 *
 * A client that has used up its allowance is then refused from this process's memory until its
 * window ends (`inMemoryBlockOnConsumed`), so a client hammering the API past its limit costs the
 * store nothing more.
 */
export async function sharedLimiter(payload: Payload, spec: LimitSpec, redis: Redis | null = redisClient()): Promise<RateLimiterAbstract> {
  const common = { keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds, inMemoryBlockOnConsumed: spec.points }
  if (redis) {
    await redisReady(redis)
    return new RateLimiterRedis({ ...common, storeClient: redis, rejectIfRedisNotReady: true })
  }
  const pool = sqlPool(payload)
  await ensureRateLimitTable(pool)
  return new RateLimiterPostgres({ ...common, storeClient: pool, storeType: 'pool', tableName: RATE_LIMIT_TABLE, tableCreated: true })
}
