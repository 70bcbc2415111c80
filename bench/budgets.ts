// The performance budgets of DESIGN.md, and how each bench reports what it measured against one.
// `npm run bench` (bench/all.ts) runs every bench with BENCH_RESULTS set, then prints them all.
import { appendFileSync } from 'node:fs'

export const BUDGETS = {
  search: { what: '`/v2/search` with facets over 100,000 projects', budget: 'p95 under 50 ms at 20 concurrent clients' },
  versionFiles: { what: '`POST /v2/version_files` with 500 sha1 hashes', budget: 'p95 under 100 ms at 8 concurrent clients' },
  v2Batch: { what: '`/v2/projects?ids=[20 ids]` vs 20 single `/v2/project/{id}` reads', budget: 'at least 0.5× their throughput (batches vs rounds of 20)' },
  v2Project: { what: '`/v2/project/{slug}` throughput vs a bare node server on the same row', budget: 'at least 50%' },
  projectPage: { what: 'project page HTML (`/mod/{slug}`)', budget: 'p95 under 150 ms at 20 concurrent clients' },
  searchPage: { what: 'home and search page HTML (`/`, `/mods`, `/plugins`, … with and without a query), anonymous', budget: 'p95 under 150 ms at 20 concurrent clients' },
  upload: { what: 'hashing and storing a 100 MiB version file', budget: 'at least half as fast as `sha512sum`; memory flat' },
  modsJs: { what: 'JavaScript of a first load of `/mods` (compressed)', budget: 'under 200 KB' },
  modsHtml: { what: 'HTML of `/mods`', budget: 'under 150 KB' },
  projectHtml: { what: 'HTML of a project page', budget: 'under 100 KB' },
  lighthouseMobile: { what: 'Lighthouse performance of `/mods`, mobile', budget: 'at least 95' },
  lighthouseDesktop: { what: 'Lighthouse performance of `/mods`, desktop', budget: 'at least 95' },
  searchMemory: { what: 'search index memory at 100,000 projects (after GC)', budget: 'at most 1.5 KB per project' },
  searchLoad: { what: 'search index load at 100,000 projects', budget: '3 s or less' },
  freshClone: { what: 'fresh clone → serving (`npm install && npm start`)', budget: 'under 3 minutes on 2 cores' },
} as const

export type BudgetId = keyof typeof BUDGETS
export type BudgetResult = { id: BudgetId; measured: string; met: boolean }

/** Prints one measured budget, and records it for bench/all.ts when BENCH_RESULTS names a file. */
export function recordBudget(id: BudgetId, measured: string, met: boolean): void {
  const { what, budget } = BUDGETS[id]
  console.log(`  ${met ? 'OK  ' : 'MISS'}  ${what}: ${measured} (budget: ${budget})`)
  const file = process.env.BENCH_RESULTS
  if (file) appendFileSync(file, `${JSON.stringify({ id, measured, met } satisfies BudgetResult)}\n`)
}
