import { sql, type SQL } from 'drizzle-orm'

import { MemoryIndex, type MemoryDocInput, type MemoryVersion } from '../../../lib/search/memory'
import type { Sql } from '../types'
import { textArray } from '../postgres/where'

/**
 * The change log keeps an hour: a reader whose snapshot is older than this can no longer trust it and
 * reloads. The keep-alive below syncs an idle reader well before, so this only happens to a process
 * that was suspended (an idle instance keeps its index).
 */
const RELOAD_AFTER_MS = 30 * 60_000
const KEEP_ALIVE_MS = 5 * 60_000
const PRUNE_EVERY_MS = 10 * 60_000
/** Projects per statement when loading everything (the next batch is read while one is indexed). */
const BATCH = 1_000
/** Concurrent reading statements when loading everything (a power of two). */
const STREAMS = 4

/**
 * One project as one JSON array (parsed natively, which is much faster than the driver's per-column
 * and array parsing): the columns of the search hit, the lexemes (all, and the title's, weight A),
 * and the distinct version shapes. Dates as epoch milliseconds, as the driver's Date would have them.
 */
const DOC_JSON = sql.raw(`json_build_array(p.project_id, p.slug, p.title, p.summary, p.author, p.project_type, p.categories,
  p.display_categories, p.loaders, p.game_versions, p.client_side, p.server_side, p.license, p.open_source, p.downloads, p.follows,
  p.trending, floor(extract(epoch FROM p.date_created) * 1000), floor(extract(epoch FROM p.date_modified) * 1000), p.latest_version,
  p.icon_url, p.color, p.gallery, p.featured_gallery, tsvector_to_array(p.tsv),
  tsvector_to_array(ts_filter(p.tsv, '{a}')),
  COALESCE((SELECT json_agg(json_build_array(d.loaders, d.game_versions, d.version_type)) FROM
    (SELECT DISTINCT v.loaders, v.game_versions, v.version_type FROM search_versions v WHERE v.project_id = p.project_id) d), '[]'::json),
  p.author_id, p.organization, p.organization_id, p.disclosure_types)`)

type DocRow = [
  id: string, slug: string, title: string, summary: string, author: string, projectType: string, categories: string[],
  displayCategories: string[], loaders: string[], gameVersions: string[], clientSide: string, serverSide: string, license: string,
  openSource: boolean, downloads: number | string, follows: number | string, trending: number | string, created: number | null,
  modified: number | null, latestVersion: string | null, iconUrl: string | null, color: number | null, gallery: string[],
  featuredGallery: string | null, words: string[], titleWords: string[], versions: [string[], string[], string][],
  authorId: string | null, organization: string | null, organizationId: string | null, disclosureTypes: string[] | null,
]

const msOf = (v: number | null) => (v == null ? NaN : Number(v))

/** A row as the index takes it: the hit it serves is what the SQL engine's `toHit` makes of the same row. */
function toDoc(r: DocRow): MemoryDocInput {
  return {
    id: String(r[0]),
    slug: String(r[1]),
    title: String(r[2]),
    description: String(r[3]),
    author: String(r[4]),
    projectType: String(r[5]),
    categories: r[6],
    displayCategories: r[7],
    loaders: r[8],
    gameVersions: r[9],
    clientSide: String(r[10]),
    serverSide: String(r[11]),
    license: String(r[12]),
    openSource: Boolean(r[13]),
    downloads: Number(r[14]),
    follows: Number(r[15]),
    trending: Number(r[16]),
    created: msOf(r[17]),
    modified: msOf(r[18]),
    latestVersion: r[19] ?? null,
    iconUrl: r[20] ?? null,
    color: r[21] == null ? null : Number(r[21]),
    gallery: r[22],
    featuredGallery: r[23] ?? null,
    words: r[24],
    titleWords: r[25],
    versions: r[26].map(([loaders, gameVersions, versionType]): MemoryVersion => ({ loaders, gameVersions, versionType })),
    authorId: r[27] ?? null,
    organization: r[28] ?? null,
    organizationId: r[29] ?? null,
    disclosureTypes: r[30] ?? [],
  }
}

const parse = (j: unknown) => toDoc((typeof j === 'string' ? JSON.parse(j) : j) as DocRow)

/** The documents (all, or those of `ids`) and the snapshot they were read in, in one statement. */
export async function readDocs(db: Sql, ids: string[] | null): Promise<{ snapshot: string; docs: MemoryDocInput[] }> {
  const which: SQL = ids ? sql`p.project_id = ANY(${textArray(ids)})` : sql`TRUE`
  const { rows } = await db.execute(sql`
    WITH s AS (SELECT pg_current_snapshot()::text AS snapshot)
    SELECT s.snapshot, p.project_id, ${DOC_JSON} AS doc FROM s LEFT JOIN search_projects p ON ${which}`)
  return { snapshot: String(rows[0].snapshot), docs: rows.filter((r) => r.project_id != null).map((r) => parse(r.doc)) }
}

/**
 * Every document, in batches handed to `take` one at a time, and a snapshot no newer than any batch:
 * each batch is its own statement, so it may see commits after that snapshot, and those are exactly
 * the changes the next sync reads again (an upsert is idempotent). Several streams (a share of the ids
 * each, by hash) read at once, and each asks for its next batch before its last one is taken, so
 * Postgres builds rows while this process indexes them.
 */
export async function readAll(db: Sql, take: (docs: Iterable<MemoryDocInput>) => void | Promise<void>): Promise<string> {
  const snapshot = String((await db.execute(sql`SELECT pg_current_snapshot()::text AS snapshot`)).rows[0].snapshot)
  const batch = (stream: number, after: string) =>
    db.execute(sql`SELECT p.project_id, ${DOC_JSON} AS doc FROM search_projects p
      WHERE p.project_id > ${after} AND (hashtext(p.project_id) & ${STREAMS - 1}) = ${stream} ORDER BY p.project_id LIMIT ${BATCH}`)
  let taking: Promise<void> = Promise.resolve()
  const read = async (stream: number) => {
    let next: ReturnType<typeof batch> | null = batch(stream, '')
    while (next) {
      const { rows }: { rows: Record<string, unknown>[] } = await next
      next = rows.length === BATCH ? batch(stream, String(rows[rows.length - 1].project_id)) : null
      // Made one at a time as they are taken, so each is garbage before the next (young, cheap to collect).
      const docs = (function* () {
        for (const r of rows) yield parse(r.doc)
      })()
      await (taking = taking.then(() => take(docs)))
    }
  }
  await Promise.all(Array.from({ length: STREAMS }, (_, i) => read(i)))
  return snapshot
}

/**
 * Keeps an in-memory index in step with the search tables, across every app instance: each write
 * logs the project in `search_changes` with its transaction id, and before each search the reader
 * asks for the changes committed since the snapshot it last read (`pg_visible_in_snapshot`), so a
 * commit shows in the very next search — also one made by a transaction that began before others
 * that committed first, which a plain sequence number would miss.
 */
export class IndexSync {
  private index: MemoryIndex | null = null
  private snapshot = ''
  private syncedAt = 0
  private prunedAt = Date.now()
  private running: Promise<void> | null = null
  private queued: Promise<void> | null = null
  private timer: ReturnType<typeof setInterval> | null = null

  constructor(private readonly pool: () => Sql) {}

  private loading: Promise<void> | null = null

  /**
   * The index, up to date with every commit before this call; null while it is being (re)loaded,
   * which happens in the background (seconds, for a large catalogue) so no search waits for it.
   */
  async fresh(): Promise<MemoryIndex | null> {
    if (!this.index || Date.now() - this.syncedAt > RELOAD_AFTER_MS) {
      this.index = null
      this.loading ??= this.load(this.pool())
        // A failed load (say, before migrations ran) is retried by the next search.
        .catch((err: unknown) => console.error('Search index load failed:', err))
        .finally(() => (this.loading = null))
      return null
    }
    await this.sync()
    return this.index
  }

  /** Resolves once a background load has finished (for tests and the benchmark). */
  async ready(): Promise<void> {
    if (this.index) return
    void this.fresh()
    await this.loading
  }

  /**
   * One check at a time: callers that arrive while one runs share the next, which starts after it,
   * so twenty concurrent searches cost two round trips, not twenty.
   */
  private sync(): Promise<void> {
    if (!this.running) return this.start()
    this.queued ??= this.running.then(
      () => this.next(),
      () => this.next(),
    )
    return this.queued
  }

  private next(): Promise<void> {
    this.queued = null
    return this.start()
  }

  private start(): Promise<void> {
    const run = this.run().finally(() => {
      if (this.running === run) this.running = null
    })
    this.running = run
    return run
  }

  private async run() {
    const db = this.pool()
    if (!this.index) return
    const { rows } = await db.execute(sql`
      SELECT pg_current_snapshot()::text AS snapshot, ARRAY(
        SELECT DISTINCT project_id FROM search_changes
        WHERE xid >= pg_snapshot_xmin(${this.snapshot}::pg_snapshot) AND NOT pg_visible_in_snapshot(xid, ${this.snapshot}::pg_snapshot)
      ) AS changed`)
    const changed = rows[0].changed as string[]
    if (changed.includes('*')) return this.load(db)
    if (changed.length) {
      // Read after the check, so at least as new as its snapshot; a later commit shows up again next time.
      const { docs } = await readDocs(db, changed)
      const found = new Map(docs.map((d) => [d.id, d]))
      for (const id of changed) {
        const doc = found.get(id)
        if (doc) this.index.upsert(doc)
        else this.index.remove(id)
      }
    }
    this.snapshot = String(rows[0].snapshot)
    this.syncedAt = Date.now()
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now()
      await db.execute(sql`DELETE FROM search_changes WHERE at < clock_timestamp() - interval '1 hour'`)
    }
  }

  private async load(db: Sql) {
    const index = new MemoryIndex()
    const snapshot = await readAll(db, (docs) => void index.addAll(docs))
    this.index = index.prepare()
    this.snapshot = snapshot
    this.syncedAt = Date.now()
    this.keepAlive()
  }

  /**
   * Syncs an idle reader every few minutes (one small statement), so that its snapshot never falls
   * out of the change log's hour and it never has to reload. Does not keep the process alive.
   */
  private keepAlive() {
    if (this.timer) return
    this.timer = setInterval(() => {
      if (this.index && !this.loading && Date.now() - this.syncedAt >= KEEP_ALIVE_MS) this.sync().catch((err: unknown) => console.error('Search index sync failed:', err))
    }, KEEP_ALIVE_MS)
    this.timer.unref()
  }
}
