import { Redis } from 'ioredis'

import { env } from './env'

/**
 * The one Redis connection of this process, when REDIS_URL is set (shared rate limits; README,
 * "Running it at scale"). Commands fail at once while it is disconnected instead of queueing, so a
 * Redis outage makes callers fall back (src/lib/ratelimit/shared.ts) rather than wait.
 */
let client: Redis | null | undefined
let lastReported = 0

export const redisUrl = env.redisUrl

export function redisClient(): Redis | null {
  if (client !== undefined) return client
  const url = redisUrl()
  client = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, connectionName: 'blockforge' }) : null
  client?.on('error', (error: Error) => {
    // ioredis reconnects by itself; say so at most once a minute rather than on every retry.
    if (Date.now() - lastReported < 60_000) return
    lastReported = Date.now()
    console.error(`Redis (${url}) is unreachable; rate limits fall back to each instance's own memory meanwhile: ${error.message}`)
  })
  return client
}

/** Resolves once the connection is up (or after `ms`, so a first request never waits long on a dead Redis). */
export async function redisReady(redis: Redis, ms = 3000): Promise<void> {
  if (redis.status === 'ready') return
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    redis.once('ready', done)
  })
}
