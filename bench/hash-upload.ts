// Budget (DESIGN.md): hashing and storing a 100 MiB version file at least half as fast as
// `sha512sum` on the same file, with flat memory. Measures the upload hook's streaming hasher
// (sha1 + sha512 in one pass) plus the copy into storage, against sha512sum alone.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { hashFile } from '../src/lib/hashing'
import { recordBudget } from './budgets'

const SIZE = 100 * 1024 * 1024
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-hash-'))
const file = path.join(dir, 'upload.jar')
const chunk = randomBytes(1024 * 1024)
writeFileSync(file, Buffer.concat(Array.from({ length: SIZE / chunk.length }, () => chunk)))

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const time = async (fn: () => unknown) => {
  const t = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - t) / 1e6
}

const baseline: number[] = []
const ours: number[] = []
let peakRssGrowth = 0
for (let i = 0; i < RUNS; i++) {
  baseline.push(await time(() => execFileSync('sha512sum', [file])))
  const rssBefore = process.memoryUsage().rss
  ours.push(
    await time(async () => {
      await hashFile(file)
      copyFileSync(file, path.join(dir, `stored-${i}.jar`))
    }),
  )
  peakRssGrowth = Math.max(peakRssGrowth, process.memoryUsage().rss - rssBefore)
  rmSync(path.join(dir, `stored-${i}.jar`))
}
rmSync(dir, { recursive: true, force: true })

const mb = SIZE / 1024 / 1024
const ratio = median(baseline) / median(ours)
console.log(`100 MiB version file, ${RUNS} runs (medians)`)
console.log(`  sha512sum               ${median(baseline).toFixed(0)} ms  (${(mb / (median(baseline) / 1000)).toFixed(0)} MiB/s)`)
console.log(`  sha1+sha512 and store   ${median(ours).toFixed(0)} ms  (${(mb / (median(ours) / 1000)).toFixed(0)} MiB/s)`)
console.log(`  speed vs sha512sum      ${(ratio * 100).toFixed(0)}%  (budget: at least 50%) ${ratio >= 0.5 ? 'OK' : 'OVER BUDGET'}`)
console.log(`  RSS growth while hashing ${(peakRssGrowth / 1024 / 1024).toFixed(1)} MiB for a ${mb} MiB file (flat memory: far below the file size)`)
recordBudget('upload', `${(ratio * 100).toFixed(0)}% of sha512sum's speed (${median(ours).toFixed(0)} vs ${median(baseline).toFixed(0)} ms); RSS grew ${(peakRssGrowth / 1024 / 1024).toFixed(0)} MiB for the ${mb} MiB file`, ratio >= 0.5 && peakRssGrowth < SIZE / 2)
