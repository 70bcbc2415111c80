// The site's page budgets (DESIGN.md), against a freshly seeded production build:
//   - first load of /mods: under 200 KB of JavaScript, compressed (measured in Chromium), HTML under
//     150 KB (a project page's under 100 KB), and a
//     Lighthouse performance score of at least 95 (median of 3 runs, mobile and desktop presets);
//   - project page HTML (/mod/{slug}): p95 under 150 ms at 20 concurrent clients;
//   - /v2/project/{slug}: at least half the throughput of a bare node http server answering the
//     same row from the same database (bench/bare-project-server.mjs).
//
//   - /v2 through the shared rate limiter (src/lib/ratelimit/v2.ts): the same /v2/project throughput
//     without the limiter's bypass key, side by side with it, so the limiter's cost shows.
//
//   npm run bench            (all benches)     tsx bench/site-pages.ts     (this one; E2E_PORT to move it)
//   BENCH_ONLY=v2 tsx bench/site-pages.ts      (only the /v2 figures; BARE_PORT moves the bare server)
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import os from 'node:os'

import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

import { withTestApp } from '../scripts/test-app.mjs'

const CLIENTS = 20
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400)
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ignoreKey = randomBytes(16).toString('hex')
process.env.RATE_LIMIT_IGNORE_KEY = ignoreKey
// The runs through the limiter are one client making thousands of requests: a limit it never reaches.
process.env.V2_RATE_LIMIT ??= '1000000000'
const only = process.env.BENCH_ONLY
const bareServerPort = process.env.BARE_PORT ?? '3199'

/** The handler's own time for each response of the last throughput run (`Server-Timing: app;dur=…`), in ms. */
let serverTimes: number[] = []
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]

const code = await withTestApp('bench-site', async ({ baseURL, env }: { baseURL: string; env: NodeJS.ProcessEnv }) => {
  console.log(`\n(${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}: other work on the machine skews these figures)`)
  if (only !== 'v2') {
    await jsWeight(baseURL)
    await lighthouseScores(`${baseURL}/mods`)
  }
  const projects = await sampleProjects(baseURL)
  if (only !== 'v2') await htmlWeight(baseURL, projects[0]!)
  if (only !== 'v2') await projectPages(baseURL, projects)
  await v2Throughput(baseURL, env, projects)
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
  } finally {
    await browser.close()
  }
}

/**
 * The HTML a first visit gets (uncompressed bytes, markup and the RSC payload in it): /mods and a
 * project page, with the share of the payload (the `self.__next_f.push` scripts, as sent).
 */
async function htmlWeight(baseURL: string, project: { slug: string; type: string }) {
  for (const [label, path, budget] of [['/mods', '/mods', 150], ['project page', `/${project.type}/${project.slug}`, 100]] as const) {
    const html = Buffer.from(await (await fetch(`${baseURL}${path}`)).arrayBuffer())
    const kb = html.byteLength / 1024
    const payload = [...html.toString('utf8').matchAll(/<script>self\.__next_f\.push\(.*?\)<\/script>/gs)].reduce((n, m) => n + Buffer.byteLength(m[0]), 0) / 1024
    console.log(`HTML of ${label}: ${kb.toFixed(1)} KB, of which RSC payload ${payload.toFixed(1)} KB (budget ${budget} KB) ${kb < budget ? 'OK' : 'OVER BUDGET'}`)
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
  const res = await fetch(`${baseURL}/v2/search?limit=20&index=downloads`, { headers: { 'x-ratelimit-key': ignoreKey } })
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

async function projectPages(baseURL: string, projects: { slug: string; type: string }[]) {
  const once = async (i: number) => {
    const p = projects[i % projects.length]
    const res = await fetch(`${baseURL}/${p.type}/${p.slug}`)
    await res.text()
    if (res.status !== 200) throw new Error(`/${p.type}/${p.slug} answered ${res.status}`)
  }
  await load(once, 4, 40) // warm up
  const times = await load(once)
  const p95 = pct(times, 0.95)
  console.log(`Project page HTML, ${CLIENTS} clients: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms (budget p95 < 150 ms) ${p95 < 150 ? 'OK' : 'OVER BUDGET'}`)
}

/** Requests per second for `url(i)` over a fixed time at 10 concurrent clients. */
async function throughput(url: (i: number) => string, headers: Record<string, string> = {}): Promise<number> {
  const until = performance.now() + THROUGHPUT_SECONDS * 1000
  let done = 0
  serverTimes = []
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) {
        const res = await fetch(url(done), { headers })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`${url(done)} answered ${res.status}`)
        const dur = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]
        if (dur) serverTimes.push(Number(dur))
        done++
      }
    }),
  )
  return done / THROUGHPUT_SECONDS
}

async function v2Throughput(baseURL: string, env: NodeJS.ProcessEnv, projects: { slug: string }[]) {
  const bare = fork('bench/bare-project-server.mjs', [], { env: { ...env, BARE_PORT: bareServerPort }, stdio: 'inherit' })
  try {
    await new Promise<void>((resolve, reject) => {
      bare.once('message', () => resolve())
      bare.once('exit', (c) => reject(new Error(`bare server exited with ${c}`)))
    })
    const slug = (i: number) => projects[i % projects.length].slug
    await throughput((i) => `${baseURL}/v2/project/${slug(i)}`, { 'x-ratelimit-key': ignoreKey }) // warm up
    const ours = await throughput((i) => `${baseURL}/v2/project/${slug(i)}`, { 'x-ratelimit-key': ignoreKey })
    const base = await throughput((i) => `http://127.0.0.1:${bareServerPort}/project/${slug(i)}`)
    const ratio = ours / base
    console.log(`/v2/project/{slug}, 10 clients: ${ours.toFixed(0)} req/s vs a bare node server's ${base.toFixed(0)} req/s = ${(ratio * 100).toFixed(0)}% (budget at least 50%) ${ratio >= 0.5 ? 'OK' : 'OVER BUDGET'}`)
    // The limiter's cost: alternate runs with and without it (the machine's load drifts), medians of each.
    const bypassed: number[] = []
    const limited: number[] = []
    const handlerTimes = { bypassed: [] as number[], limited: [] as number[] }
    for (let round = 0; round < 3; round++) {
      bypassed.push(await throughput((i) => `${baseURL}/v2/project/${slug(i)}`, { 'x-ratelimit-key': ignoreKey }))
      handlerTimes.bypassed.push(...serverTimes)
      limited.push(await throughput((i) => `${baseURL}/v2/project/${slug(i)}`))
      handlerTimes.limited.push(...serverTimes)
    }
    console.log(`/v2/project/{slug} through the rate limiter, 10 clients: median ${median(limited).toFixed(0)} req/s (runs ${limited.map((x) => x.toFixed(0)).join(', ')}) vs ${median(bypassed).toFixed(0)} req/s bypassing it (runs ${bypassed.map((x) => x.toFixed(0)).join(', ')})`)
    console.log(`  the handler's own time (Server-Timing), median: ${median(handlerTimes.limited).toFixed(2)} ms through the limiter vs ${median(handlerTimes.bypassed).toFixed(2)} ms bypassing it`)
  } finally {
    bare.kill()
  }
}
