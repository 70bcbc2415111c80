// Budget (DESIGN.md): fresh clone → serving (`npm install && npm start`) in under 3 minutes on 2
// cores. Clones this repository's HEAD into a temporary folder, runs `npm install` (npm's own cache
// as this machine has it) and `npm start` with no DATABASE_URL (the embedded PostgreSQL, migrations,
// demo data, the production build), and times until the home page answers 200.
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { recordBudget } from './budgets'

const BUDGET_S = 180
const port = process.env.BENCH_PORT ?? '3129'
const dir = mkdtempSync(path.join(os.tmpdir(), 'bf-fresh-clone-'))
// mkdtemp makes it private; run as root, the embedded PostgreSQL runs as "postgres" and must enter it.
chmodSync(dir, 0o755)
const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: '1' }
for (const key of ['DATABASE_URL', 'SITE_URL', 'PAYLOAD_SECRET', 'NEXT_DIST_DIR', 'BENCH_RESULTS', 'NODE_OPTIONS']) delete env[key]

const seconds = (from: number) => (Date.now() - from) / 1000
const started = Date.now()
let server: ReturnType<typeof spawn> | undefined
try {
  execFileSync('git', ['clone', '-q', process.cwd(), dir], { stdio: 'inherit' })
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env })
  const installed = seconds(started)
  console.log(`npm install: ${installed.toFixed(0)} s`)
  server = spawn('npm', ['start'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env, detached: true })
  const deadline = Date.now() + 20 * 60_000
  let serving = false
  while (!serving && Date.now() < deadline && server.exitCode === null) {
    serving = (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.status === 200
    if (!serving) await new Promise((r) => setTimeout(r, 1000))
  }
  const total = seconds(started)
  if (!serving) throw new Error(`not serving after ${total.toFixed(0)} s`)
  console.log(`npm start until the home page answers: ${(total - installed).toFixed(0)} s`)
  recordBudget('freshClone', `${total.toFixed(0)} s (npm install ${installed.toFixed(0)} s, then npm start: embedded PostgreSQL, migrations, demo data, build, start)`, total < BUDGET_S)
} finally {
  // npm start stops its database when interrupted; the whole group goes.
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGINT')
    } catch {
      /* already gone */
    }
    await new Promise((r) => server!.once('exit', r).once('error', r))
  }
  rmSync(dir, { recursive: true, force: true })
}
