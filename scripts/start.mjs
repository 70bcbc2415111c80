// `npm start`: the whole site on one command. Uses DATABASE_URL or starts the embedded Postgres,
// applies migrations, seeds demo data into an empty database, builds when the build is missing or
// stale, then serves on PORT (default 3000). `--dev` runs `next dev` instead of build + start.
import { spawn } from 'node:child_process'
import path from 'node:path'

import { buildIsStale } from './build-state.mjs'
import { ensureDatabase } from './embedded-db.mjs'
import { ensureSecret } from './secret.mjs'

const dev = process.argv.includes('--dev')
const port = process.env.PORT ?? '3000'
const bin = (name) => path.resolve('node_modules/.bin', name)

function run(cmd, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} ${args.join(' ')} exited with ${code}`))))
  })
}

ensureSecret()
// No network here or in many deployments: keep Next's telemetry off.
process.env.NEXT_TELEMETRY_DISABLED ??= '1'
const db = await ensureDatabase()
const scriptEnv = { ...process.env, NODE_OPTIONS: '--no-deprecation --conditions=development' }
try {
  if (process.env.SEED_DEMO_DATA === 'false') await run(bin('tsx'), ['scripts/migrate.ts'], scriptEnv)
  else await run(bin('tsx'), ['scripts/seed.ts', '--if-empty'], scriptEnv)
  if (!dev && buildIsStale()) {
    console.log('Building the site (first start or changed sources)…')
    await run(bin('next'), ['build'], { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' })
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  await db.stop()
  process.exit(1)
}

const server = spawn(bin('next'), [dev ? 'dev' : 'start', '-p', port], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: dev ? 'development' : 'production', NODE_OPTIONS: '--no-deprecation' },
})
console.log(`\n  Blockforge: http://localhost:${port}   admin panel: http://localhost:${port}/admin\n`)
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', async (code) => {
  await db.stop()
  process.exit(code ?? 0)
})
