// `npm run test:e2e`: a fresh database seeded with demo data, a production build, `next start`,
// then Playwright in Debian's Chromium against it. Cleans up after itself.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { buildIsStale } from './build-state.mjs'
import { createFreshDatabaseFromEnv } from './fresh-db.mjs'

const port = process.env.E2E_PORT ?? '3123'
const baseURL = `http://127.0.0.1:${port}`
const bin = (name) => path.resolve('node_modules/.bin', name)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bf-e2e-'))

const run = (cmd, args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited with ${code}`))))
  })

process.env.NEXT_TELEMETRY_DISABLED ??= '1'
const db = await createFreshDatabaseFromEnv('e2e', tmp)
const env = {
  ...process.env,
  DATABASE_URL: db.url,
  ...(db.embedded ? { EMBEDDED_DATABASE: 'true' } : {}),
  MEDIA_DIR: path.join(tmp, 'media'),
  PAYLOAD_SECRET: 'e2e-secret',
  SITE_URL: baseURL,
  MAX_VERSION_FILE_MB: '1',
  INSECURE_COOKIES: 'true',
  E2E_BASE_URL: baseURL,
}
let server
let code = 1
try {
  await run(bin('tsx'), ['scripts/seed.ts'], { ...env, NODE_OPTIONS: '--no-deprecation --conditions=development' })
  if (buildIsStale()) await run(bin('next'), ['build'], { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' })
  server = spawn(bin('next'), ['start', '-p', port, '-H', '127.0.0.1'], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, NODE_ENV: 'production' } })
  await waitFor(`${baseURL}/`, 120_000)
  await run(bin('playwright'), ['test', ...process.argv.slice(2)], env)
  code = 0
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
} finally {
  server?.kill('SIGTERM')
  await db.stop()
  rmSync(tmp, { recursive: true, force: true })
}
process.exit(code)

async function waitFor(url, ms) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      const res = await fetch(url)
      if (res.status < 500) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not come up within ${ms / 1000}s`)
}
