// `npx tsx bench/hosting.ts` (also in `npm run bench`): hosted servers on this machine, measured the
// way a buyer meets them — a fresh database, a real node agent (process runtime: flying-squid in
// bubblewrap and cgroup limits when run as root), then N purchases of the free trial, each timed
// from "Start free trial" (payment taken, the reconciler called) to joinable (a Minecraft status
// ping answers on the server's address). Then the memory each idle server holds (the game
// process's RSS, as the agent reports it) once they have idled for a while.
//   BENCH_SERVERS=5 (default)
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { status as ping } from 'minecraft-server-util'

import { createFreshDatabaseFromEnv } from '../scripts/fresh-db.mjs'

const SERVERS = Number(process.env.BENCH_SERVERS ?? 5)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-hosting-'))
const db = await createFreshDatabaseFromEnv('bench_hosting', tmp)
process.env.DATABASE_URL = db.url
process.env.PAYLOAD_SECRET ??= 'bench-hosting'
process.env.MEDIA_DIR = path.join(tmp, 'media')

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const { getPayload } = await import('payload')
const { default: config } = await import('../payload.config')
const { applyMigrations } = await import('../src/lib/db/applyMigrations')
const { ensureCatalogue } = await import('../src/plugins/billing/service/catalogue')
const { buyServer } = await import('../src/plugins/hosting/service/buy')
const { reconcile } = await import('../src/plugins/hosting/service/provision')
const { db: sqlOf, sql } = await import('../src/plugins/hosting/service/db')
const { startAgent } = await import('../src/agent/agent')
const { readAgentConfig } = await import('../src/agent/env')

const token = 'bench-node-token-0123456789abcdef'
const payload = await getPayload({ config })
await applyMigrations(payload)
await ensureCatalogue(payload)
const agent = await startAgent({
  config: readAgentConfig({ AGENT_TOKEN: token, AGENT_PORT: '0', AGENT_DATA_DIR: path.join(tmp, 'agent'), AGENT_PORT_RANGE: '27100-27199' }),
  log: () => {},
})
try {
  await sqlOf(payload).rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES ('benchreg', 'local', 'Local', true, now(), now())`)
  await sqlOf(payload).rows(sql`
    INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
    VALUES ('benchnod', 'bench', 'benchreg', ${agent.url}, '127.0.0.1', ${token}, 65536, 100, true, 'healthy', now(), now())`)

  const joinable: number[] = []
  const ports: number[] = []
  const ids: string[] = []
  for (let i = 0; i < SERVERS; i++) {
    const user = await payload.create({ collection: 'users', data: { username: `bench${i}`, email: `bench${i}@example.test`, password: 'bench-password-1' }, overrideAccess: true })
    const t0 = performance.now()
    const { serverId } = await buyServer(payload, user as never, { productKey: 'trial', regionKey: 'local', interval: 'fiveDays', currency: 'USD' })
    let port = 0
    for (;;) {
      const row = await sqlOf(payload).one<{ port: string | null }>(sql`SELECT port FROM servers WHERE id = ${serverId}`)
      port = Number(row?.port ?? 0)
      if (port && (await ping('127.0.0.1', port, { timeout: 1_000 }).then(() => true, () => false))) break
      await reconcile(payload, new Date(), serverId)
      await sleep(50)
    }
    joinable.push(performance.now() - t0)
    ports.push(port)
    ids.push(serverId)
    console.log(`server ${i + 1}: joinable ${(joinable.at(-1)! / 1000).toFixed(2)} s after paying`)
  }
  await sleep(15_000) // idle: the first chunks generated, nobody on
  const rss: number[] = []
  for (const id of ids) rss.push((await agent.manager.get(id)?.stats())?.ram_usage_bytes ?? 0)
  console.log(`\nPaying → joinable (${SERVERS} trials, one after another): median ${(median(joinable) / 1000).toFixed(2)} s, max ${(Math.max(...joinable) / 1000).toFixed(2)} s`)
  console.log(`Memory per idle server (game process RSS): median ${(median(rss) / 1024 / 1024).toFixed(0)} MiB, max ${(Math.max(...rss) / 1024 / 1024).toFixed(0)} MiB`)
} finally {
  await agent.close({ stopGames: true })
  await db.stop()
  process.exit(0)
}
