// The site's page budgets (DESIGN.md), against a freshly seeded production build:
//   - first load of /mods: under 200 KB of JavaScript, compressed (measured in Chromium), HTML under
//     150 KB (a project page's under 100 KB), and a
//     Lighthouse performance score of at least 95 (median of 3 runs, mobile and desktop presets);
//   - project page HTML (/mod/{slug}): p95 under 150 ms at 20 concurrent clients;
//   - /v2/project/{slug}: at least half the throughput of a bare node http server answering the
//     same row from the same database (bench/bare-project-server.mjs), side by side with the same
//     read through Next's route handler (the site's server without its /v2 fast path). Through the
//     shared rate limiter at its real limit (src/plugins/api-v2/http/sharedRateLimit.ts), as launchers
//     meet it: each connection a client of its own address (bench/loopback-clients.ts), no bypass.
//
//   npm run bench            (all benches)     tsx bench/site-pages.ts     (this one; E2E_PORT to move it)
//   BENCH_ONLY=v2 tsx bench/site-pages.ts      (only the /v2 figures; BARE_PORT, VIA_NEXT_PORT move the extra servers;
//                                               CACHE_ENABLED=false measures without the public-read cache)
//   BENCH_ONLY=pages tsx bench/site-pages.ts   (only the project page under load)
import { fork, spawn } from 'node:child_process'
import http from 'node:http'
import os from 'node:os'

import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

import { withTestApp } from '../scripts/test-app.mjs'
import { recordBudget } from './budgets'
import { limiterCost } from './limiter-cost'
import { LoopbackClient } from './loopback-clients'

const CLIENTS = 20
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400)
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
// The production default (the test harness passes over the job queues every 2 s to speed up its waits).
process.env.RELEASE_SCHEDULED_CRON ??= '* * * * *'
const only = process.env.BENCH_ONLY
const bareServerPort = process.env.BARE_PORT ?? '3199'
// A second server.mjs with V2_FAST_PATH=false: /v2 through Next's route handler, for comparison.
const viaNextPort = process.env.VIA_NEXT_PORT ?? String(Number(process.env.E2E_PORT ?? 3123) + 5)

/** The handler's own time for each response of the last throughput run (`Server-Timing: app;dur=…`), in ms. */
let serverTimes: number[] = []
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]

const code = await withTestApp('bench-site', async ({ baseURL, env }: { baseURL: string; env: NodeJS.ProcessEnv }) => {
  console.log(`\n(${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}: other work on the machine skews these figures)`)
  if (!only) {
    await jsWeight(baseURL)
    await lighthouseScores(`${baseURL}/mods`)
  }
  const projects = await sampleProjects(baseURL)
  if (!only) await htmlWeight(baseURL, projects[0]!)
  if (!only || only === 'pages') await projectPages(baseURL, projects)
  if (!only || only === 'pages') await searchPages(baseURL)
  if (!only || only === 'v2') await v2Throughput(baseURL, env, projects)
})
process.exit(code)

/** Bytes of JavaScript the browser downloads (as sent, i.e. compressed) to show /mods the first time. */
async function jsWeight(baseURL: string) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    const sizes: Promise<number>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize))
    })
    await page.goto(`${baseURL}/mods`, { waitUntil: 'networkidle' })
    const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0)
    const kb = total / 1000
    console.log(`\nFirst load of /mods: ${sizes.length} scripts, ${kb.toFixed(1)} KB compressed (budget 200 KB) ${kb < 200 ? 'OK' : 'OVER BUDGET'}`)
    recordBudget('modsJs', `${kb.toFixed(0)} KB in ${sizes.length} scripts`, kb < 200)
  } finally {
    await browser.close()
  }
}

/**
 * The HTML a first visit gets (uncompressed bytes, markup and the RSC payload in it): /mods and a
 * project page, with the share of the payload (the `self.__next_f.push` scripts, as sent).
 */
async function htmlWeight(baseURL: string, project: { slug: string; type: string }) {
  for (const [label, path, budget, id] of [['/mods', '/mods', 150, 'modsHtml'], ['project page', `/${project.type}/${project.slug}`, 100, 'projectHtml']] as const) {
    const html = Buffer.from(await (await fetch(`${baseURL}${path}`)).arrayBuffer())
    const kb = html.byteLength / 1024
    const payload = [...html.toString('utf8').matchAll(/<script>self\.__next_f\.push\(.*?\)<\/script>/gs)].reduce((n, m) => n + Buffer.byteLength(m[0]), 0) / 1024
    console.log(`HTML of ${label}: ${kb.toFixed(1)} KB, of which RSC payload ${payload.toFixed(1)} KB (budget ${budget} KB) ${kb < budget ? 'OK' : 'OVER BUDGET'}`)
    recordBudget(id, `${kb.toFixed(0)} KB (RSC payload ${payload.toFixed(0)} KB of it)`, kb < budget)
  }
}

/** Lighthouse's performance score for `url`, median of three runs per preset (mobile is Lighthouse's default). */
async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  try {
    for (const [preset, config] of [['mobile', undefined], ['desktop', desktopConfig]] as const) {
      const runs: { score: number; lcp: string; tbt: string; element: string }[] = []
      for (let i = 0; i < 3; i++) {
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' }, config)
        const lhr = result!.lhr
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint'].displayValue ?? '',
          tbt: lhr.audits['total-blocking-time'].displayValue ?? '',
          element: lcpElement(lhr.audits['largest-contentful-paint-element']?.details),
        })
      }
      runs.sort((a, b) => a.score - b.score)
      const median = runs[1]
      console.log(`Lighthouse performance of /mods (${preset}): ${median.score} (runs ${runs.map((r) => r.score).join(', ')}; LCP ${median.lcp} on ${median.element}, TBT ${median.tbt}) (budget at least 95) ${median.score >= 95 ? 'OK' : 'UNDER BUDGET'}`)
      recordBudget(preset === 'mobile' ? 'lighthouseMobile' : 'lighthouseDesktop', `${median.score}, median of 3 (runs ${runs.map((r) => r.score).join(', ')}; LCP ${median.lcp})`, median.score >= 95)
    }
  } finally {
    chrome.kill()
  }
}

/** The selector of the LCP element in Lighthouse's `largest-contentful-paint-element` details (a list of tables, the first naming the node). */
function lcpElement(details: unknown): string {
  type Node = { type?: string; selector?: string }
  const tables = (details as { items?: { items?: { node?: Node }[] }[] } | undefined)?.items ?? []
  return tables[0]?.items?.[0]?.node?.selector ?? 'an unknown element'
}

async function sampleProjects(baseURL: string): Promise<{ slug: string; type: string }[]> {
  const res = await fetch(`${baseURL}/v2/search?limit=20&index=downloads`)
  const { hits } = (await res.json()) as { hits: { slug: string; project_type: string }[] }
  if (!hits.length) throw new Error('the demo catalogue has no searchable projects')
  return hits.map((h) => ({ slug: h.slug, type: h.project_type }))
}

/** Runs `once` REQUESTS times from CLIENTS concurrent loops; returns the latencies in ms. */
async function load(once: (i: number) => Promise<void>, clients = CLIENTS, requests = REQUESTS): Promise<number[]> {
  const times: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        const i = next++
        const t = performance.now()
        await once(i)
        times.push(performance.now() - t)
      }
    }),
  )
  return times
}

/**
 * A browser's request for `url` on a kept-alive connection, as lean as a client can be: the answer
 * is counted, not decompressed or decoded. On this machine the load generator shares the two cores
 * with the server, and `fetch` (WHATWG streams, gunzip, UTF-8 decoding of each page) cost more CPU
 * than the server's answer itself: it measured mostly itself.
 */
function leanGet(agent: http.Agent, url: string): Promise<{ status: number; cache: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' } }, (res) => {
      res.on('data', () => undefined)
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-page-cache'] ?? 'none') }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/**
 * Response times of cookie-less GETs of `urls` at CLIENTS concurrent clients, after a warm-up, and
 * how each answer was made (X-Page-Cache: hit, miss, or none for a render outside the page cache).
 */
async function anonymousPages(urls: string[]): Promise<{ times: number[]; served: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
  const served = new Map<string, number>()
  const once = async (i: number) => {
    const url = urls[i % urls.length]
    const { status, cache } = await leanGet(agent, url)
    if (status !== 200) throw new Error(`${url} answered ${status}`)
    served.set(cache, (served.get(cache) ?? 0) + 1)
  }
  await load(once, 4, 40) // warm up
  served.clear()
  const times = await load(once)
  agent.destroy()
  return { times, served: [...served].map(([how, n]) => `${n} ${how}`).join(', ') }
}

async function projectPages(baseURL: string, projects: { slug: string; type: string }[]) {
  // Each project's own address (a data pack found as a mod is redirected to /datapack/…).
  const urls = await Promise.all(projects.map(async (p) => (await fetch(`${baseURL}/${p.type}/${p.slug}`, { method: 'HEAD' })).url))
  const { times, served } = await anonymousPages(urls)
  const p95 = pct(times, 0.95)
  console.log(`Project page HTML, ${CLIENTS} clients: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms (budget p95 < 150 ms) ${p95 < 150 ? 'OK' : 'OVER BUDGET'}`)
  console.log(`  page cache: ${served}`)
  // The same pages for visitors with a cookie (a theme choice): rendered every time, from cached data.
  const renders: number[] = []
  const withCookie = async (i: number) => {
    const t = performance.now()
    const res = await fetch(urls[i % urls.length], { headers: { cookie: 'theme=dark' } })
    await res.arrayBuffer()
    renders.push(performance.now() - t)
  }
  await load(withCookie, CLIENTS, 100)
  console.log(`  the same with a cookie (rendered each time), ${CLIENTS} clients: p50 ${pct(renders, 0.5).toFixed(1)} ms, p95 ${pct(renders, 0.95).toFixed(1)} ms`)
  recordBudget('projectPage', `p95 ${p95.toFixed(0)} ms (p50 ${pct(times, 0.5).toFixed(0)} ms) at ${CLIENTS} clients; with a cookie p95 ${pct(renders, 0.95).toFixed(0)} ms`, p95 < 150)
}

/** The home page, the six search pages and a few queries, as anonymous visitors meet them (kept until what they list changes). */
async function searchPages(baseURL: string) {
  const paths = ['/', '/mods', '/plugins', '/datapacks', '/shaders', '/resourcepacks', '/modpacks', '/mods?q=lamp', '/mods?s=downloads', '/mods?c=magic']
  const { times, served } = await anonymousPages(paths.map((path) => `${baseURL}${path}`))
  const p95 = pct(times, 0.95)
  console.log(`Home and search page HTML, ${CLIENTS} clients: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (page cache: ${served})`)
  recordBudget('searchPage', `p95 ${p95.toFixed(0)} ms (p50 ${pct(times, 0.5).toFixed(0)} ms) at ${CLIENTS} clients`, p95 < 150)
}

/**
 * Requests per second for `url(i)` over a fixed time at 10 concurrent clients, each its own loopback
 * address (a 429 fails the run: the limit is one a launcher does not reach either).
 */
async function throughput(url: (i: number) => string): Promise<number> {
  const until = performance.now() + THROUGHPUT_SECONDS * 1000
  let done = 0
  serverTimes = []
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      const client = new LoopbackClient()
      try {
        while (performance.now() < until) {
          const res = await client.request(url(done))
          if (res.status !== 200) throw new Error(`${url(done)} answered ${res.status}`)
          const dur = /app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1]
          if (dur) serverTimes.push(Number(dur))
          done++
        }
      } finally {
        client.close()
      }
    }),
  )
  return done / THROUGHPUT_SECONDS
}

/** Waits until `url` answers (a server starting). */
async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not come up within ${ms / 1000}s`)
}

/**
 * `/v2/project/{slug}` three ways, side by side in one run on one database: through the site's server
 * (the fast path, src/server/fastPath.ts), through Next's route handler (a second server.mjs with
 * V2_FAST_PATH=false), and from the bare node server. Rounds alternate (the machine's load drifts);
 * medians of each. The site's two ways go through the rate limiter, as a launcher meets them.
 */
async function v2Throughput(baseURL: string, env: NodeJS.ProcessEnv, projects: { slug: string }[]) {
  const bare = fork('bench/bare-project-server.mjs', [], { env: { ...env, BARE_PORT: bareServerPort }, stdio: 'inherit' })
  const viaNextURL = `http://127.0.0.1:${viaNextPort}`
  const viaNext = spawn(process.execPath, ['server.mjs', '-p', viaNextPort, '-H', '127.0.0.1'], {
    env: { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation', V2_FAST_PATH: 'false', JOBS_AUTORUN: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await new Promise<void>((resolve, reject) => {
      bare.once('message', () => resolve())
      bare.once('exit', (c) => reject(new Error(`bare server exited with ${c}`)))
    })
    await waitFor(`${viaNextURL}/v2/statistics`, 120_000)
    const slug = (i: number) => projects[i % projects.length].slug
    const ways = {
      fast: (i: number) => `${baseURL}/v2/project/${slug(i)}`,
      next: (i: number) => `${viaNextURL}/v2/project/${slug(i)}`,
      bare: (i: number) => `http://127.0.0.1:${bareServerPort}/project/${slug(i)}`,
    }
    for (const url of Object.values(ways)) await throughput(url) // warm up
    const runs = { fast: [] as number[], next: [] as number[], bare: [] as number[] }
    const times = { fast: [] as number[], next: [] as number[] }
    for (let round = 0; round < 3; round++) {
      runs.fast.push(await throughput(ways.fast))
      times.fast.push(...serverTimes)
      runs.next.push(await throughput(ways.next))
      times.next.push(...serverTimes)
      runs.bare.push(await throughput(ways.bare))
    }
    const m = { fast: median(runs.fast), next: median(runs.next), bare: median(runs.bare) }
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ')
    const ratio = m.fast / m.bare
    console.log(`/v2/project/{slug}, 10 clients, medians of 3 alternating runs (cache ${env.CACHE_ENABLED === 'false' ? 'off' : 'on'}):`)
    console.log(`  the site's server (fast path)  ${m.fast.toFixed(0).padStart(5)} req/s (runs ${list(runs.fast)}), handler ${median(times.fast).toFixed(2)} ms`)
    console.log(`  through Next's route handler   ${m.next.toFixed(0).padStart(5)} req/s (runs ${list(runs.next)}), handler ${median(times.next).toFixed(2)} ms`)
    console.log(`  bare node server               ${m.bare.toFixed(0).padStart(5)} req/s (runs ${list(runs.bare)})`)
    console.log(`  fast path = ${(ratio * 100).toFixed(0)}% of the bare server with the rate limiter on (budget at least 50%) ${ratio >= 0.5 ? 'OK' : 'OVER BUDGET'}; through Next ${((m.next / m.bare) * 100).toFixed(0)}%`)
    // No server runs without the limiter (there is no way around it to bench with): its own share instead.
    const cost = await limiterCost(env.DATABASE_URL!)
    const share = (cost.cpuMicrosPerRequest / 1000 / median(times.fast)) * 100
    console.log(`  the rate limiter's own cost: ${cost.cpuMicrosPerRequest.toFixed(1)} µs of CPU a request (${share.toFixed(1)}% of the handler's median time), ${cost.statementsPerThousand.toFixed(1)} store statements per 1000 requests`)
    recordBudget('v2Project', `${(ratio * 100).toFixed(0)}% with the rate limiter on: ${m.fast.toFixed(0)} vs ${m.bare.toFixed(0)} req/s at 10 clients (through Next's route handler ${m.next.toFixed(0)} req/s)`, ratio >= 0.5)
  } finally {
    bare.kill()
    viaNext.kill('SIGTERM')
  }
}
