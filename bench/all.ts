// `npm run bench`: every bench in turn on this machine, then every budget of DESIGN.md with the value
// measured in this run (or why it was not). Each bench runs even when one before it failed.
//
//   BENCH_SKIP=search,fresh-clone npm run bench    leave out the slow ones (100k projects; a clean install)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { BUDGETS, type BudgetId, type BudgetResult } from './budgets'

const tsx = path.resolve('node_modules/.bin/tsx')
const benches: { name: string; args: string[]; env?: Record<string, string> }[] = [
  { name: 'hash-upload', args: ['bench/hash-upload.ts'] },
  { name: 'v2-version-files', args: ['bench/v2-version-files.ts'] },
  { name: 'v2-batch-reads', args: ['bench/v2-batch-reads.ts'] },
  { name: 'site-pages', args: ['bench/site-pages.ts'] },
  {
    name: 'search',
    args: ['bench/search.ts'],
    env: { NODE_OPTIONS: '--no-deprecation --conditions=development --expose-gc', PAYLOAD_SECRET: 'bench' },
  },
  { name: 'hosting', args: ['bench/hosting.ts'] },
  { name: 'fresh-clone', args: ['bench/fresh-clone.ts'] },
]

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))
const dir = mkdtempSync(path.join(os.tmpdir(), 'bf-bench-all-'))
const resultsFile = path.join(dir, 'results.jsonl')
const failed: string[] = []
const started = Date.now()

for (const bench of benches) {
  if (skip.has(bench.name)) continue
  console.log(`\n=== ${bench.name} ===`)
  const run = spawnSync(tsx, bench.args, { stdio: 'inherit', env: { ...process.env, ...bench.env, BENCH_RESULTS: resultsFile } })
  if (run.status !== 0) failed.push(`${bench.name} (exit ${run.status ?? run.signal})`)
}

let results: BudgetResult[] = []
try {
  results = readFileSync(resultsFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as BudgetResult)
} catch {
  /* nothing recorded */
}
rmSync(dir, { recursive: true, force: true })

// The last figure of a budget wins (a bench may measure one twice).
const byId = new Map(results.map((r) => [r.id, r]))
console.log(`\n=== Every budget of DESIGN.md, measured in this run (${((Date.now() - started) / 60_000).toFixed(0)} min; ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}) ===`)
for (const [id, { what, budget }] of Object.entries(BUDGETS) as [BudgetId, (typeof BUDGETS)[BudgetId]][]) {
  const r = byId.get(id)
  const verdict = r ? (r.met ? 'OK  ' : 'MISS') : 'n/a '
  console.log(`${verdict}  ${what}: ${r ? r.measured : skip.size ? 'not measured (skipped or failed)' : 'not measured (its bench failed)'} — budget: ${budget}`)
}
if (failed.length) console.log(`\nBenches that failed: ${failed.join(', ')}`)
const missed = [...byId.values()].filter((r) => !r.met).length
console.log(`\n${byId.size} of ${Object.keys(BUDGETS).length} budgets measured, ${missed} missed.`)
process.exit(failed.length ? 1 : 0)
