// What the /v2 rate limiter itself costs, beside the HTTP figures of bench/site-pages.ts: the same
// limiter as the site's (src/plugins/api-v2/http/sharedRateLimit.ts, 300 a minute, batched into the
// bench database's rate_limits table) driven in this process by 10 clients at once, each a fresh
// address every 200 requests as the HTTP runs' clients are. There is no server without the limiter to
// measure against (no bypass), so this is its share: CPU per request and store statements per request.
import pg from 'pg'

import { ensureRateLimitTable } from '../src/lib/ratelimit/store'
import { PostgresWindowCounter, type WindowCounter } from '../src/lib/ratelimit/windowCounter'
import { SharedRateLimiter } from '../src/plugins/api-v2/http/sharedRateLimit'

export type LimiterCost = { cpuMicrosPerRequest: number; statementsPerThousand: number }

export async function limiterCost(databaseUrl: string, requests = 50_000): Promise<LimiterCost> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  let statements = 0
  const limiter = new SharedRateLimiter({
    limit: 300,
    periodMs: 60_000,
    open: async () => {
      await ensureRateLimitTable(pool)
      const real = new PostgresWindowCounter(pool, `bench_${Date.now().toString(36)}`, 60_000)
      const store: WindowCounter = { add: (deltas) => ((statements += 1), real.add(deltas)) }
      return { store, logger: { error: (o) => console.error(o) } }
    },
  })
  try {
    let done = 0
    const cpu = process.cpuUsage()
    await Promise.all(
      Array.from({ length: 10 }, async (_, c) => {
        for (let i = 0; done < requests; i++, done++) {
          if (!(await limiter.check(`10.${c}.${Math.floor(i / 200)}.1`)).allowed) throw new Error('the limiter refused a client under its limit')
        }
      }),
    )
    await limiter.flush()
    const used = process.cpuUsage(cpu)
    return { cpuMicrosPerRequest: (used.user + used.system) / done, statementsPerThousand: (statements * 1000) / done }
  } finally {
    limiter.stop()
    await pool.end()
  }
}
