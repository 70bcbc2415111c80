// Budget (issue 33, item 4): `GET /v2/projects?ids=[20 ids]` answers at least half as many rounds a
// second as 20 single `GET /v2/project/{id}` reads of the same projects (a batch should do better:
// one request, one rate-limit count, one multi-get of the read cache).
//
// A fresh database with the demo data; the API served by its fast path (src/server/fastPath.ts, as
// in production, with the public-read cache and the shared rate limiter on) in a child process of
// its own, without Next (which never sees /v2 under the fast path, so no production build is needed).
// Through the rate limiter at its real limit, as launchers meet it: each connection is a client of its
// own loopback address, renewed every 200 requests (bench/loopback-clients.ts).
//
//   tsx bench/v2-batch-reads.ts        (BENCH_SECONDS, BENCH_CLIENTS, BENCH_PORT to tune;
//                                       CACHE_ENABLED=false measures without the read cache)
import { fork, spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { recordBudget } from './budgets'
import { LoopbackClient } from './loopback-clients'

const IDS = 20
const BUDGET_RATIO = 0.5

if (process.argv.includes('--serve')) {
  await serve(Number(process.argv[process.argv.indexOf('--serve') + 1]))
} else {
  process.exit(await main())
}

/** The child: Payload, the read cache and the /v2 fast path on 127.0.0.1 (what src/server/main.ts puts in front of Next). */
async function serve(port: number) {
  const { AsyncLocalStorage } = await import('node:async_hooks')
  // As server.mjs: our code imports next/headers, whose stores are made when it loads.
  ;(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage
  const { default: config } = await import('@payload-config')
  const { getPayload } = await import('payload')
  const { startPublicReadCache } = await import('../src/lib/cache')
  const { recordPeerAddresses } = await import('../src/lib/http/peerAddress')
  const { createFastPath } = await import('../src/server/fastPath')
  recordPeerAddresses() // the limiter keys on the peer's address
  startPublicReadCache(await getPayload({ config }))
  const fastPath = createFastPath({ config: await config })
  const server = http.createServer((req, res) => {
    if (!fastPath(req, res)) res.writeHead(404).end()
  })
  server.listen(port, '127.0.0.1', () => process.send?.('ready'))
}

async function main(): Promise<number> {
  const { createFreshDatabaseFromEnv } = await import('../scripts/fresh-db.mjs')
  const port = process.env.BENCH_PORT ?? '3127'
  const baseURL = `http://127.0.0.1:${port}`
  const seconds = Number(process.env.BENCH_SECONDS ?? 5)
  const clients = Number(process.env.BENCH_CLIENTS ?? 10)
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bf-bench-batch-'))
  const db = await createFreshDatabaseFromEnv('bench', tmp)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: db.url,
    MEDIA_DIR: path.join(tmp, 'media'),
    PAYLOAD_SECRET: 'bench-secret',
    SITE_URL: baseURL,
    JOBS_AUTORUN: 'false',
    NODE_OPTIONS: '--no-deprecation --conditions=development',
  }
  let server: ChildProcess | undefined
  try {
    console.log('Seeding a fresh database…')
    await new Promise<void>((resolve, reject) => {
      const seed = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/seed.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env })
      seed.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))))
    })
    server = fork('bench/v2-batch-reads.ts', ['--serve', port], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...env, NODE_ENV: 'production' } })
    await new Promise<void>((resolve, reject) => {
      server!.once('message', () => resolve())
      server!.once('exit', (code) => reject(new Error(`the API server exited with ${code}`)))
    })

    const clientsList = Array.from({ length: clients }, () => new LoopbackClient())
    const read = async (client: LoopbackClient, url: string, decode = false) => {
      const res = await client.request(url, { decode })
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
      return res.body
    }
    const random = JSON.parse((await read(clientsList[0], `${baseURL}/v2/projects_random?count=${IDS}`, true)).toString('utf8')) as { id: string }[]
    const ids = random.map((p) => p.id)
    if (ids.length < IDS) throw new Error(`only ${ids.length} listed projects in the demo data`)
    const batchURL = `${baseURL}/v2/projects?ids=${encodeURIComponent(JSON.stringify(ids))}`
    const batch = JSON.parse((await read(clientsList[0], batchURL, true)).toString('utf8')) as { id: string }[]
    if (batch.map((p) => p.id).join() !== ids.join()) throw new Error('the batch does not answer the projects asked, in order')

    const rounds = {
      batch: async (client: LoopbackClient) => void (await read(client, batchURL)),
      singles: async (client: LoopbackClient) => {
        for (const id of ids) await read(client, `${baseURL}/v2/project/${id}`)
      },
    }
    /** Rounds a second over `seconds`, every client making one round after another; and each round's time. */
    const throughput = async (round: (client: LoopbackClient) => Promise<void>) => {
      const times: number[] = []
      const until = performance.now() + seconds * 1000
      await Promise.all(clientsList.map(async (client) => {
        while (performance.now() < until) {
          const started = performance.now()
          await round(client)
          times.push(performance.now() - started)
        }
      }))
      return { rate: times.length / seconds, times }
    }
    for (const round of Object.values(rounds)) await throughput(round) // warm up: fill the cache and the pools
    const runs = { batch: [] as number[], singles: [] as number[] }
    const times = { batch: [] as number[], singles: [] as number[] }
    for (let i = 0; i < 3; i++) {
      // Alternating: the machine's load drifts.
      for (const way of ['batch', 'singles'] as const) {
        const r = await throughput(rounds[way])
        runs[way].push(r.rate)
        times[way].push(...r.times)
      }
    }
    clientsList.forEach((c) => c.close())
    const m = { batch: median(runs.batch), singles: median(runs.singles) }
    const ratio = m.batch / m.singles
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ')
    console.log(`\n${IDS} projects, ${clients} clients (own loopback addresses), rate limiter on at its real limit, read cache ${env.CACHE_ENABLED === 'false' ? 'off' : 'on'}, medians of 3 alternating ${seconds} s runs`)
    console.log(`  (${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}: other work on the machine skews these figures)`)
    console.log(`  /v2/projects?ids=[${IDS}]     ${m.batch.toFixed(0).padStart(6)} batches/s (runs ${list(runs.batch)}), p50 ${pct(times.batch, 0.5).toFixed(1)} ms, p95 ${pct(times.batch, 0.95).toFixed(1)} ms`)
    console.log(`  ${IDS} × /v2/project/{id}     ${m.singles.toFixed(0).padStart(6)} rounds/s  (runs ${list(runs.singles)}), p50 ${pct(times.singles, 0.5).toFixed(1)} ms, p95 ${pct(times.singles, 0.95).toFixed(1)} ms a round`)
    recordBudget('v2Batch', `${ratio.toFixed(1)}×: ${m.batch.toFixed(0)} batches/s vs ${m.singles.toFixed(0)} rounds of ${IDS} single reads/s at ${clients} clients (batch p95 ${pct(times.batch, 0.95).toFixed(0)} ms)`, ratio >= BUDGET_RATIO)
    return 0
  } catch (e) {
    console.error(e instanceof Error ? e.message : e)
    return 1
  } finally {
    server?.kill('SIGTERM')
    await db.stop()
    rmSync(tmp, { recursive: true, force: true })
  }
}

function median(xs: number[]) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
}

function pct(xs: number[], q: number) {
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]
}
