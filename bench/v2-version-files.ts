// Budget (DESIGN.md): `POST /v2/version_files` and `POST /v2/version_files/update` with 500 sha1
// hashes (a launcher checking its mods at start) answer with p95 under 100 ms at 8 concurrent
// clients. Runs like the e2e suite: a fresh database seeded with the demo data (topped up so that
// 500 distinct files are visible), a production build served by server.mjs (Next behind the /v2 fast
// path, as `npm start`); then the same 500-hash requests at concurrency 1, 4 and 8.
//
//   npm run bench                      (both benches)
//   tsx bench/v2-version-files.ts      (this one; BENCH_REQUESTS, BENCH_PORT to tune; REUSE_BUILD=true
//                                       serves the existing build even when sources are newer)
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { zipSync } from 'fflate'

import { drizzleOf } from '../src/lib/db/sql'
import { recordBudget } from './budgets'
import { LoopbackClient } from './loopback-clients'

const HASHES = 500
const BUDGET_P95_MS = 100

if (process.argv.includes('--fixture')) {
  await topUpFixture(process.argv[process.argv.indexOf('--fixture') + 1])
  process.exit(0)
}

const { buildIsStale } = await import('../scripts/build-state.mjs')
const { createFreshDatabaseFromEnv } = await import('../scripts/fresh-db.mjs')

const port = process.env.BENCH_PORT ?? '3124'
const baseURL = `http://127.0.0.1:${port}`
const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const bin = (name: string) => path.resolve('node_modules/.bin', name)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bf-bench-v2-'))
const hashFile = path.join(tmp, 'hashes.json')

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} ${args.join(' ')} exited with ${code}`))))
  })

const db = await createFreshDatabaseFromEnv('bench', tmp)
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: db.url,
  MEDIA_DIR: path.join(tmp, 'media'),
  PAYLOAD_SECRET: 'bench-secret',
  SITE_URL: baseURL,
}
const scriptEnv = { ...env, NODE_OPTIONS: '--no-deprecation --conditions=development' }
let server: ChildProcess | undefined
let code = 1
try {
  console.log('Seeding a fresh database…')
  await run(bin('tsx'), ['scripts/seed.ts'], scriptEnv)
  await run(bin('tsx'), ['bench/v2-version-files.ts', '--fixture', hashFile], scriptEnv)
  const reuse = process.env.REUSE_BUILD === 'true' && existsSync(path.resolve(process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'))
  if (buildIsStale() && !reuse) {
    console.log('Building (sources changed)…')
    await run(bin('next'), ['build'], { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' })
  }
  server = spawn(process.execPath, ['server.mjs', '-p', port, '-H', '127.0.0.1'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' } })
  await waitFor(`${baseURL}/v2/statistics`, 120_000)

  const hashes = JSON.parse(readFileSync(hashFile, 'utf8')) as string[]
  const requestsFor = {
    '/v2/version_files': JSON.stringify({ hashes, algorithm: 'sha1' }),
    '/v2/version_files/update': JSON.stringify({ hashes, algorithm: 'sha1', loaders: [], game_versions: [] }),
  }
  // Through the rate limiter at its real limit, as launchers meet it: each concurrent client its own
  // loopback address, a fresh one every 200 requests (bench/loopback-clients.ts).
  const once = async (client: LoopbackClient, path: keyof typeof requestsFor) => {
    const started = performance.now()
    const res = await client.request(`${baseURL}${path}`, { method: 'POST', body: requestsFor[path], headers: { 'content-type': 'application/json' }, decode: true })
    const json = (res.status === 200 ? JSON.parse(res.body.toString('utf8')) : {}) as Record<string, unknown>
    const ms = performance.now() - started
    if (res.status !== 200 || Object.keys(json).length !== hashes.length) throw new Error(`unexpected answer from ${path}: ${res.status}, ${Object.keys(json).length} of ${hashes.length} hashes found`)
    return { ms, server: Number(/app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN) }
  }
  const load = () => os.loadavg()[0].toFixed(1)
  const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]
  let verdict = true
  for (const path of Object.keys(requestsFor) as (keyof typeof requestsFor)[]) {
    const warm = new LoopbackClient()
    for (let i = 0; i < 20; i++) await once(warm, path) // warm up: compile paths, fill pools
    warm.close()
    console.log(`\nPOST ${path} with ${hashes.length} sha1 hashes (all found), ${requests} requests per level, production build through server.mjs`)
    console.log(`  (${os.cpus().length} CPUs, load average ${load()}: other work on the machine skews these figures)`)
    for (const concurrency of [1, 4, 8]) {
      const times: number[] = []
      const server: number[] = []
      let next = 0
      const started = performance.now()
      await Promise.all(Array.from({ length: concurrency }, async () => {
        const client = new LoopbackClient()
        while (next++ < requests) {
          const r = await once(client, path)
          times.push(r.ms)
          server.push(r.server)
        }
        client.close()
      }))
      const seconds = (performance.now() - started) / 1000
      const ok = pct(times, 0.95) < BUDGET_P95_MS
      if (concurrency === 8) {
        verdict &&= ok
        recordBudget('versionFiles', `${path}: p95 ${pct(times, 0.95).toFixed(0)} ms (p50 ${pct(times, 0.5).toFixed(0)} ms) at 8 clients`, ok)
      }
      console.log(
        `  concurrency ${String(concurrency).padStart(2)}   p50 ${pct(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${pct(times, 0.95).toFixed(1).padStart(6)} ms` +
          `   (in the handler: p50 ${pct(server, 0.5).toFixed(1)}, p95 ${pct(server, 0.95).toFixed(1)})   ${(times.length / seconds).toFixed(0).padStart(3)} req/s${ok ? '' : '   (p95 over 100 ms)'}`,
      )
    }
  }
  console.log(`  budget: p95 under ${BUDGET_P95_MS} ms at 8 concurrent clients, both requests: ${verdict ? 'OK' : 'OVER BUDGET'}`)
  code = 0
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
} finally {
  server?.kill('SIGTERM')
  await db.stop()
  rmSync(tmp, { recursive: true, force: true })
}
process.exit(code)

async function waitFor(url: string, ms: number) {
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

/**
 * The demo catalogue has about 280 visible files; a launcher with 500 mods needs 500. Adds versions
 * with one small file each to listed projects (copying an existing version's loaders and game
 * versions) until 500 distinct files are visible, then writes their sha1 hashes to `out`.
 */
async function topUpFixture(out: string) {
  const { default: config } = await import('@payload-config')
  const { getPayload } = await import('payload')
  const { LISTED_STATUSES } = await import('../src/lib/projectStatus')
  const payload = await getPayload({ config })
  const o = { overrideAccess: true, depth: 0 } as const
  const visible = async () =>
    (await payload.find({
      collection: 'version-files',
      where: { and: [{ 'version.status': { in: ['listed', 'archived'] } }, { 'version.project.status': { in: [...LISTED_STATUSES] } }] },
      pagination: false, select: { sha1: true }, ...o,
    })).docs.map((f) => f.sha1!).filter(Boolean)
  // Some demo files are byte-identical across versions: count distinct hashes.
  const distinct = async () => [...new Set(await visible())]
  let hashes = await distinct()
  const projects = (await payload.find({ collection: 'projects', where: { status: { equals: 'approved' } }, pagination: false, ...o })).docs
  const author = (await payload.find({ collection: 'users', where: { username: { equals: 'admin' } }, limit: 1, ...o })).docs[0]?.id
  for (let i = 0; hashes.length + i < HASHES; i++) {
    const project = projects[i % projects.length]
    const template = (await payload.find({ collection: 'versions', where: { project: { equals: project.id } }, limit: 1, ...o })).docs[0]
    if (!template) continue
    const version = await payload.create({
      collection: 'versions',
      data: { project: project.id, author, versionNumber: `bench-${i}`, gameVersions: template.gameVersions, loaders: template.loaders, status: 'listed', datePublished: new Date(Date.now() - 86_400_000 * 400).toISOString() },
      context: { skipProjectSync: true },
      ...o,
    })
    const data = Buffer.from(zipSync({ 'data.bin': new Uint8Array(randomBytes(2048)) }))
    await payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data, mimetype: 'application/java-archive', name: `bench-${project.slug}-${i}.jar`, size: data.length }, ...o })
  }
  hashes = (await distinct()).slice(0, HASHES)
  writeFileSync(out, JSON.stringify(hashes))
  // A live database has planner statistics (autovacuum analyzes); a freshly seeded one not yet.
  const { sql } = await import('@payloadcms/db-postgres')
  await drizzleOf(payload).execute(sql`ANALYZE`)
  payload.logger.info(`Bench fixture: ${hashes.length} visible files`)
}
