// `npm start`: the whole site on one command. Uses DATABASE_URL or starts the embedded PostgreSQL 17,
// applies migrations, seeds demo data into an empty database, builds when the build is missing or
// stale, then serves on PORT (default 3000) through server.mjs (Next behind the /v2 fast path,
// src/server/main.ts). `--dev` runs `next dev` instead (its route handlers serve /v2 there).
import { spawn } from 'node:child_process'
import path from 'node:path'

import { buildIsStale } from './build-state.mjs'
import { ensureDatabaseOrExit } from './embedded-db.mjs'
import { localAgentToken, LOCAL_AGENT_PORT } from '../src/lib/hosting/localNode.mjs'
import { ensureSecret } from './secret.mjs'

const dev = process.argv.includes('--dev')
const port = process.env.PORT || '3000'
const bin = (name) => path.resolve('node_modules/.bin', name)

// Links, file URLs and the session cookie's trusted origin follow the address actually served.
process.env.SITE_URL ||= `http://localhost:${port}`
// No network here or in many deployments: keep Next's telemetry off.
process.env.NEXT_TELEMETRY_DISABLED ??= '1'

let current = null // the child running now: seed, build, or the server
let db = null
let stopping = false
// Ctrl-C / SIGTERM: the running child is stopped first and the database last (by the code waiting
// on that child), so the server never loses its database while it is still answering.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, async () => {
    stopping = true
    if (current) return current.kill(sig)
    await db?.stop()
    process.exit(1)
  })
}

function run(cmd, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = (current = spawn(cmd, args, { stdio: 'inherit', env }))
    child.on('exit', (code, signal) => {
      current = null
      if (code === 0) resolve()
      else reject(new Error(`${path.basename(cmd)} ${args.join(' ')} ${signal ? `stopped by ${signal}` : `exited with ${code}`}`))
    })
  })
}

ensureSecret()
db = await ensureDatabaseOrExit()
const scriptEnv = { ...process.env, NODE_OPTIONS: '--no-deprecation --conditions=development' }
try {
  if (process.env.SEED_DEMO_DATA === 'false') await run(bin('tsx'), ['scripts/migrate.ts'], scriptEnv)
  else await run(bin('tsx'), ['scripts/seed.ts', '--if-empty'], scriptEnv)
  if (!dev && buildIsStale()) {
    console.log('Building the site (first start or changed sources)…')
    await run(bin('next'), ['build'], { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' })
  }
} catch (e) {
  if (!stopping) console.error(e instanceof Error ? e.message : e)
  await db.stop()
  process.exit(1)
}
if (stopping) {
  await db.stop()
  process.exit(1)
}

// The local node agent (src/agent): runs the demo's and your own servers on this machine, registered
// by the demo data as the "Local" region's node. HOSTING_AGENT=false leaves it out (a site whose
// nodes are other machines).
const agent = process.env.HOSTING_AGENT === 'false' ? null : startLocalAgent()

const serverCommand = dev ? [bin('next'), ['dev', '-p', port]] : [process.execPath, ['server.mjs', '-p', port]]
const server = (current = spawn(serverCommand[0], serverCommand[1], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: dev ? 'development' : 'production', NODE_OPTIONS: '--no-deprecation' },
}))
console.log(`\n  Blockforge: http://localhost:${port}   admin panel: http://localhost:${port}/admin\n`)
server.on('exit', async (code, signal) => {
  agent?.kill('SIGTERM')
  await db.stop()
  process.exit(code ?? (signal && !stopping ? 1 : 0))
})

function startLocalAgent() {
  const child = spawn(bin('tsx'), ['src/agent/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      AGENT_TOKEN: localAgentToken(process.env.PAYLOAD_SECRET),
      AGENT_PORT: process.env.AGENT_PORT || String(LOCAL_AGENT_PORT),
      AGENT_DATA_DIR: process.env.AGENT_DATA_DIR || path.resolve('data', 'agent'),
      AGENT_AUTOSTART: process.env.AGENT_AUTOSTART || 'true',
      NODE_OPTIONS: '--no-deprecation',
    },
  })
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`The local node agent stopped (${signal ?? code}); hosted servers on this machine are unreachable until the next start.`)
  })
  return child
}
