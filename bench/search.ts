// `npm run bench:search`: 100,000 projects (with versions and tags, spread like a real catalogue) in a
// fresh database, then /v2/search-equivalent queries through the search engine at 20 concurrent
// clients, p50/p95/p99 per query shape. Budget (DESIGN.md): p95 under 50 ms.
// It also measures the in-memory index's memory (heap and array buffers after a full GC, per project;
// budget 1.5 KB) and load time (budget 3 s).
// BENCH_ONLY=memory: load the index and report memory and load time only (no queries).
// BENCH_ONLY=index: the in-memory index's load and queries, without the SQL engine's.
// BENCH_ONLY=orama: the same load and queries through Orama (`@orama/orama`, not a dependency:
// `npm install --no-save @orama/orama` first), the in-process library compared with our own index.
import { drizzle } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import v8 from 'node:v8'
import vm from 'node:vm'

import { createFreshDatabaseFromEnv } from '../scripts/fresh-db.mjs'
import { sqlPool } from '../src/lib/db/sql'
import { parseFacets } from '../src/lib/search/facets'
import { isVersionField, type Filter, type SearchQuery, type SearchResult } from '../src/lib/search/query'
import { loaderVersionKey, splitGroups, versionShortcut } from '../src/lib/search/filterShape'
import { queryTerms } from '../src/lib/search/text'
import { memoryEngine } from '../src/plugins/search/memory/engine'
import { readAll } from '../src/plugins/search/memory/sync'
import type { MemoryDocInput } from '../src/lib/search/memory'
import { postgresEngine } from '../src/plugins/search/postgres/engine'
import type { Sql } from '../src/plugins/search/types'
import { categories as categoryTags, loaders as loaderTags } from '../src/seed/data/tags'
import { gameVersions } from '../src/seed/data/gameVersions'
import { createRng } from '../src/seed/data/random'
import { recordBudget } from './budgets'

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000)
const CLIENTS = 20
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400)
const ONLY = process.env.BENCH_ONLY

// BENCH_DATABASE_URL: keep the catalogue in that database between runs (generated when it is empty).
const kept = process.env.BENCH_DATABASE_URL
const db = kept ? { url: kept, embedded: false, stop: async () => undefined } : await createFreshDatabaseFromEnv('bench', mkdtempSync(path.join(os.tmpdir(), 'bench-search-')))
process.env.DATABASE_URL = db.url
try {
  await migrate()
  const pool = new pg.Pool({ connectionString: db.url, max: CLIENTS })
  const orm = drizzle(pool) as unknown as Sql
  const existing = Number((await orm.execute(sql`SELECT count(*) AS n FROM search_projects`)).rows[0].n)
  if (existing === 0) {
    console.log(`Generating ${PROJECTS.toLocaleString('en-US')} projects…`)
    const t0 = Date.now()
    const versions = await generate(orm)
    await orm.execute(sql`VACUUM ANALYZE search_projects`)
    await orm.execute(sql`VACUUM ANALYZE search_versions`)
    console.log(`  ${versions.toLocaleString('en-US')} versions, in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`)
  } else console.log(`Using the ${existing.toLocaleString('en-US')} projects already in BENCH_DATABASE_URL\n`)
  const sqlEngine = postgresEngine(() => orm)
  const memory = memoryEngine(() => orm, sqlEngine)
  type Engine = { search(q: SearchQuery): Promise<unknown> }
  let engines: [string, Engine][]
  if (ONLY === 'orama') {
    engines = [['Orama (@orama/orama)', await loadOrama(orm)]]
  } else {
    const before = usedAfterGc()
    const t1 = performance.now()
    const cpu = process.cpuUsage()
    await memory.ready()
    const seconds = (performance.now() - t1) / 1000
    const { user, system } = process.cpuUsage(cpu)
    const bytes = usedAfterGc() - before
    console.log(`In-memory index: loaded in ${seconds.toFixed(1)} s (budget 3 s; this process's CPU ${((user + system) / 1e6).toFixed(1)} s, the rest is Postgres and the machine's load average ${os.loadavg()[0].toFixed(1)})`)
    console.log(`  ${Math.round(bytes / 1048576)} MB after GC (heap and array buffers) = ${Math.round(bytes / existingOr(existing))} bytes per project (budget 1,536)\n`)
    if (ONLY !== 'orama') {
      const perProject = bytes / existingOr(existing)
      recordBudget('searchMemory', `${Math.round(perProject)} bytes per project (${Math.round(bytes / 1048576)} MB at ${existingOr(existing).toLocaleString('en-US')} projects)`, perProject <= 1536)
      recordBudget('searchLoad', `${seconds.toFixed(1)} s (this process's CPU ${((user + system) / 1e6).toFixed(1)} s; load average ${os.loadavg()[0].toFixed(1)})`, seconds <= 3)
    }
    engines = [['in-memory index (the default)', memory], ['SQL only (SEARCH_MEMORY_INDEX=false)', sqlEngine]]
    if (ONLY === 'memory') engines = []
    if (ONLY === 'index') engines = engines.slice(0, 1)
  }
  const loaders = new Set(loaderTags.map((l) => l.name))
  const f = (json: string) => parseFacets(json, loaders)
  const base = (over: Partial<SearchQuery>): SearchQuery => ({ text: '', filters: [], sort: 'relevance', offset: 0, limit: 20, facets: false, ...over })
  // Each request draws its own values, as real traffic does, so cached counts are not what is measured.
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]
  const cats = ['technology', 'magic', 'adventure', 'utility', 'decoration', 'storage', 'worldgen', 'optimization']
  const gvs = ['1.16.5', '1.17.1', '1.18.2', '1.19.2', '1.19.4', '1.20.1', '1.20.4', '1.21', '1.21.1']
  const ldrs = ['fabric', 'forge', 'neoforge', 'quilt']
  // Queries follow the titles' word frequencies; one in six has a typo (a dropped letter).
  const vocab = vocabulary()
  const word = () => vocab[zipf(vocab.length)]
  const typo = (w: string) => (w.length > 4 ? w.slice(0, 2) + w.slice(3) : w)
  const terms = Array.from({ length: 500 }, (_, i) => (i % 6 === 5 ? typo(word()) : i % 3 === 0 ? `${word()} ${word()}` : word()))
  const shapes: [string, () => SearchQuery][] = [
    ['text + 3 facets', () => base({ text: pick(terms), filters: f(`[["project_type:mod"],["categories:${pick(ldrs)}"],["versions:${pick(gvs)}"]]`) })],
    ['facets only', () => base({ filters: f(`[["project_type:mod"],["categories:${pick(cats)}"],["categories:${pick(ldrs)}"],["versions:${pick(gvs)}"]]`) })],
    ['text only', () => base({ text: pick(terms) })],
    ['exclusion', () => base({ filters: f(`[["project_type:mod"],["categories!=${pick(ldrs)}"],["versions:${pick(gvs)}"]]`) })],
    ...(['relevance', 'downloads', 'follows', 'newest', 'updated', 'trending'] as const).map((sort): [string, () => SearchQuery] => [`sort ${sort}`, () => base({ sort, filters: f(`[["project_type:${pick(['mod', 'modpack', 'resourcepack', 'plugin'])}"],["versions:${pick(gvs)}"]]`) })]),
    ['site page with facet counts', () => base({ filters: f(`[["project_type:mod"],["categories:${pick(ldrs)}"]]`), facets: true })],
  ]
  if (engines.length) console.log(`${REQUESTS} queries per shape, ${CLIENTS} concurrent clients, values drawn per request (budget p95 < 50 ms)`)
  for (const [label, engine] of engines) {
  let worst = { name: '', p95: 0 }
  console.log(`\n${label}`)
  console.log('shape'.padEnd(30), 'p50'.padStart(8), 'p95'.padStart(8), 'p99'.padStart(8))
  for (const [name, make] of shapes) {
    for (let i = 0; i < 20; i++) await engine.search(make()) // warm
    const times: number[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < REQUESTS) {
          next++
          const query = make()
          const t = performance.now()
          await engine.search(query)
          times.push(performance.now() - t)
        }
      }),
    )
    times.sort((a, b) => a - b)
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1)
    console.log(name.padEnd(30), `${p(0.5)}ms`.padStart(8), `${p(0.95)}ms`.padStart(8), `${p(0.99)}ms`.padStart(8), Number(p(0.95)) > 50 ? '  OVER BUDGET' : '')
    if (Number(p(0.95)) > worst.p95) worst = { name, p95: Number(p(0.95)) }
  }
  // The budget holds for the engine the site uses: the in-memory index (the first one listed).
  if (label === engines[0][0] && ONLY !== 'orama') recordBudget('search', `worst p95 ${worst.p95.toFixed(0)} ms (${worst.name}) at ${CLIENTS} clients, ${engines.length > 1 ? 'in-memory index' : label}, in-process`, worst.p95 < 50)
  }
  if (ONLY !== 'memory' && ONLY !== 'orama') {
    const bytes = usedAfterGc()
    console.log(`\nAfter the queries (bitsets of long lists made on use, caches): heap and buffers ${Math.round(bytes / 1048576)} MB in all`)
  }
  await pool.end()
} catch (err) {
  console.error(err)
  process.exitCode = 1
} finally {
  await db.stop()
}
process.exit(process.exitCode ?? 0)

/** Heap plus memory outside it (typed arrays, buffers) after a full collection, in bytes. */
function usedAfterGc(): number {
  const g = (globalThis as { gc?: () => void }).gc ?? (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc') as () => void)
  g()
  g()
  const m = process.memoryUsage()
  return m.heapUsed + m.external
}

function existingOr(n: number) {
  return n || PROJECTS
}

/**
 * Orama fed by the index's own reader (the same rows the in-memory index loads, and would get the
 * same upserts from the change log), with the loader|version pairs as a field. Only what filters,
 * sorts, facets and text need is indexed and stored (no display fields: that favours Orama's memory).
 */
async function loadOrama(orm: Sql) {
  const name = '@orama/orama'
  type Orama = {
    create(o: object): unknown
    insertMultiple(db: unknown, docs: object[], batch?: number): Promise<unknown> | unknown
    search(db: unknown, params: object): Promise<{ count: number; hits: { id: string }[] }> | { count: number; hits: { id: string }[] }
  }
  const o = (await import(name).catch(() => {
    throw new Error('BENCH_ONLY=orama needs @orama/orama: npm install --no-save @orama/orama')
  })) as Orama
  const before = usedAfterGc()
  const t0 = performance.now()
  const cpu = process.cpuUsage()
  const db = o.create({
    schema: {
      title: 'string',
      summary: 'string',
      project_type: 'enum',
      categories: 'enum[]',
      loaders: 'enum[]',
      game_versions: 'enum[]',
      pairs: 'enum[]',
      client_side: 'enum',
      server_side: 'enum',
      license: 'enum',
      open_source: 'boolean',
      downloads: 'number',
      follows: 'number',
      trending: 'number',
      created: 'number',
      modified: 'number',
    },
  })
  const toOrama = (d: MemoryDocInput) => ({
    id: d.id,
    title: d.title,
    summary: d.description,
    project_type: d.projectType,
    categories: d.categories,
    loaders: d.loaders,
    game_versions: d.gameVersions,
    pairs: [...new Set(d.versions.flatMap((v) => v.loaders.flatMap((l) => v.gameVersions.map((g) => loaderVersionKey(l, g)))))],
    client_side: d.clientSide,
    server_side: d.serverSide,
    license: d.license,
    open_source: d.openSource,
    downloads: d.downloads,
    follows: d.follows,
    trending: d.trending,
    created: d.created,
    modified: d.modified,
  })
  let count = 0
  await readAll(orm, async (docs) => {
    const batch = [...docs].map(toOrama)
    count += batch.length
    await o.insertMultiple(db, batch, batch.length)
  })
  const seconds = (performance.now() - t0) / 1000
  const { user, system } = process.cpuUsage(cpu)
  const bytes = usedAfterGc() - before
  console.log(`Orama: loaded in ${seconds.toFixed(1)} s (this process's CPU ${((user + system) / 1e6).toFixed(1)} s, load average ${os.loadavg()[0].toFixed(1)})`)
  console.log(`  ${Math.round(bytes / 1048576)} MB after GC (heap and array buffers) = ${Math.round(bytes / count)} bytes per project\n`)
  const cond = (f: Filter): object => {
    const neg = f.op === '!='
    const field = f.field === 'project_id' ? 'id' : f.field
    if (['categories', 'loaders', 'game_versions'].includes(f.field)) return neg ? { not: { [field]: { containsAny: [f.value] } } } : { [field]: { containsAny: [f.value] } }
    if (f.field === 'open_source') return { open_source: neg ? f.value !== 'true' : f.value === 'true' }
    if (['downloads', 'follows'].includes(f.field)) return { [field]: { [{ '=': 'eq', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte', '!=': 'eq' }[f.op]]: Number(f.value) } }
    return { [field]: neg ? { nin: [f.value] } : { eq: f.value } }
  }
  const sortField = { downloads: 'downloads', follows: 'follows', newest: 'created', updated: 'modified', trending: 'trending', relevance: 'downloads' } as const
  return {
    async search(q: SearchQuery): Promise<SearchResult> {
      const { projectGroups, versionGroups } = splitGroups(q.filters)
      const groups: object[] = projectGroups.map((g) => (g.length === 1 ? cond(g[0]) : { or: g.map(cond) }))
      const shape = versionGroups.length ? versionShortcut(versionGroups) : null
      if (shape?.loaders && shape.gameVersions) groups.push({ pairs: { containsAny: shape.loaders.flatMap((l) => shape.gameVersions!.map((g) => loaderVersionKey(l, g))) } })
      else for (const g of versionGroups) groups.push(g.length === 1 ? cond(g[0]) : { or: g.filter((f) => isVersionField(f.field)).map(cond) })
      const text = queryTerms(q.text).length ? q.text : ''
      const params = {
        ...(text ? { term: text, properties: ['title', 'summary'] } : {}),
        ...(groups.length ? { where: groups.length === 1 ? groups[0] : { and: groups } } : {}),
        // Relevance with text is Orama's BM25 order (not the SQL engine's tiers); otherwise a sort.
        ...(text && q.sort === 'relevance' ? {} : { sortBy: { property: sortField[q.sort], order: 'DESC' } }),
        ...(q.facets ? { facets: { project_type: {}, categories: { limit: 200 }, loaders: { limit: 200 }, game_versions: { limit: 500 }, client_side: {}, server_side: {}, open_source: { true: true, false: true } } } : {}),
        limit: q.limit,
        offset: q.offset,
      }
      let r = await o.search(db, params)
      // Typos: Orama's edit-distance tolerance when nothing matched (pg_trgm similarity in ours).
      if (r.count === 0 && text) r = await o.search(db, { ...params, tolerance: 1 })
      return { hits: r.hits as never, offset: q.offset, limit: q.limit, total_hits: r.count }
    },
  }
}

async function migrate() {
  const { getPayload } = await import('payload')
  const { default: config } = await import('../payload.config')
  const { applyMigrations } = await import('../src/lib/db/applyMigrations')
  const payload = await getPayload({ config })
  await applyMigrations(payload)
  // Payload's pool holds a client for good (ending it would hang); the process exits at the end, and
  // the database is dropped under it, which that idle client must not treat as fatal.
  sqlPool(payload).on('error', () => undefined)
}

/** Inserts the catalogue in batches; returns the number of versions. */
async function generate(orm: Sql): Promise<number> {
  const rng = createRng(7)
  const types = [['mod', 50], ['resourcepack', 15], ['modpack', 10], ['plugin', 10], ['datapack', 10], ['shader', 5]] as const
  const words = vocabulary()
  const releases = gameVersions.filter((g) => g.versionType === 'release').map((g) => g.version).reverse()
  const recent = releases.slice(releases.indexOf('1.16.5'))
  const catsFor = (t: string) => categoryTags.filter((c) => c.projectType === t && c.header === 'categories').map((c) => c.name)
  const loadersFor = (t: string) => loaderTags.filter((l) => l.supportedProjectTypes.includes(t)).map((l) => l.name).slice(0, 6)
  let versionCount = 0
  const BATCH = 1000
  for (let start = 0; start < PROJECTS; start += BATCH) {
    const projectRows = []
    const versionRows = []
    for (let i = start; i < Math.min(PROJECTS, start + BATCH); i++) {
      const type = rng.weighted(types)
      const w = () => words[zipf(words.length, rng.next())]
      const title = `${w()} ${w()}${rng.chance(0.4) ? ' ' + w() : ''}`.replace(/^./, (c) => c.toUpperCase())
      const cats = rng.sample(catsFor(type), rng.int(1, 3))
      const id = `b${i.toString(36).padStart(7, '0')}`
      const downloads = Math.floor(Math.exp(rng.next() * 14))
      const from = rng.int(0, recent.length - 2)
      const pLoaders = new Set<string>()
      const pVersions = new Set<string>()
      const pairs = new Set<string>()
      const nv = rng.int(1, 5)
      for (let v = 0; v < nv; v++) {
        const loader = rng.pick(loadersFor(type))
        const start = Math.min(recent.length - 1, from + v)
        const gv = recent.slice(start, start + rng.int(1, 4))
        pLoaders.add(loader)
        gv.forEach((g) => {
          pVersions.add(g)
          pairs.add(`${loader}|${g}`)
        })
        versionRows.push(sql`(${`${id}v${v}`}, ${id}, ${`{${loader}}`}::text[], ${`{${gv.join(',')}}`}::text[], 'release')`)
      }
      versionCount += nv
      const created = new Date(Date.now() - rng.int(0, 2000) * 86_400_000).toISOString()
      const summary = `A ${w()} ${type} that adds ${w()} ${w()} and ${w()} to the game.`
      projectRows.push(sql`(${id}, ${id}, ${title}, ${summary}, ${'author' + rng.int(1, 5000)}, ${type}, ${`{${cats.join(',')}}`}::text[],
        ${`{${[...pLoaders].join(',')}}`}::text[], ${`{${[...pVersions].join(',')}}`}::text[], ${`{${[...pairs].join(',')}}`}::text[], ${rng.pick(['required', 'optional', 'unsupported'])}, ${rng.pick(['required', 'optional', 'unsupported'])},
        ${rng.chance(0.6) ? 'MIT' : 'LicenseRef-All-Rights-Reserved'}, ${rng.chance(0.6)}, ${downloads}, ${Math.floor(downloads / 50)}, ${rng.int(0, 5000)},
        ${created}::timestamptz, ${created}::timestamptz,
        setweight(to_tsvector('simple', ${title}), 'A') || setweight(to_tsvector('simple', ${summary}), 'B'))`)
    }
    await orm.execute(sql`INSERT INTO search_projects (project_id, slug, title, summary, author, project_type, categories, loaders, game_versions, loader_versions,
      client_side, server_side, license, open_source, downloads, follows, trending, date_created, date_modified, tsv) VALUES ${sql.join(projectRows, sql`, `)}`)
    await orm.execute(sql`INSERT INTO search_versions (version_id, project_id, loaders, game_versions, version_type) VALUES ${sql.join(versionRows, sql`, `)}`)
  }
  return versionCount
}

/** 4,000 made-up words from syllables, like the long tail of real project names. */
function vocabulary(): string[] {
  const common = 'better craft ore mine sky block magic tech farm quest dungeon light shadow fast smooth tiny redstone iron gold storage mob dragon village nether ocean forest storm frost rune gear steam'.split(' ')
  const syl = ['ka', 'lo', 'mi', 'ra', 'ven', 'tor', 'el', 'dra', 'sil', 'mor', 'thal', 'qu', 'zen', 'bri', 'cor', 'ix', 'ly', 'nar', 'os', 'pyr', 'vel', 'wyn', 'ash', 'gr', 'um']
  const r = createRng(99)
  const made = new Set<string>(common)
  while (made.size < 4000) made.add(Array.from({ length: r.int(2, 3) }, () => r.pick(syl)).join(''))
  return [...made]
}

/** A Zipf-distributed index in [0, n): a few words are very common, most are rare. */
function zipf(n: number, u = Math.random()): number {
  // Inverse of the continuous approximation of Zipf with s = 1.
  return Math.min(n - 1, Math.floor(Math.exp(u * Math.log(n + 1))) - 1)
}
