import { sql, type SQL } from 'drizzle-orm'

import { MemoryIndex, type MemoryDocInput, type MemoryVersion } from '../../../lib/search/memory'
import type { Sql } from '../types'
import { toHit } from '../postgres/engine'
import { textArray } from '../postgres/where'

/** A reader idle for longer reloads everything: the change log only keeps an hour. */
const RELOAD_AFTER_MS = 20 * 60_000
const PRUNE_EVERY_MS = 10 * 60_000

const DOC_COLUMNS = sql.raw(`p.project_id, p.slug, p.title, p.summary, p.author, p.project_type, p.categories, p.display_categories,
  p.loaders, p.game_versions, p.client_side, p.server_side, p.license, p.open_source, p.downloads, p.follows, p.trending,
  p.date_created, p.date_modified, p.latest_version, p.icon_url, p.color, p.gallery, p.featured_gallery,
  tsvector_to_array(p.tsv) AS words,
  ARRAY(SELECT u.lexeme FROM unnest(p.tsv) u WHERE 'A' = ANY(u.weights)) AS title_words,
  COALESCE((SELECT jsonb_agg(DISTINCT jsonb_build_array(v.loaders, v.game_versions, v.version_type))
    FROM search_versions v WHERE v.project_id = p.project_id), '[]'::jsonb) AS versions`)

const ms = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime())

function toDoc(r: Record<string, unknown>): MemoryDocInput {
  return {
    id: String(r.project_id),
    slug: String(r.slug),
    titleLower: String(r.title).toLowerCase(),
    authorLower: String(r.author).toLowerCase(),
    projectType: String(r.project_type),
    categories: r.categories as string[],
    loaders: r.loaders as string[],
    gameVersions: r.game_versions as string[],
    clientSide: String(r.client_side),
    serverSide: String(r.server_side),
    license: String(r.license),
    openSource: Boolean(r.open_source),
    downloads: Number(r.downloads),
    follows: Number(r.follows),
    trending: Number(r.trending),
    created: ms(r.date_created),
    modified: ms(r.date_modified),
    versions: (r.versions as [string[], string[], string][]).map(([loaders, gameVersions, versionType]): MemoryVersion => ({ loaders, gameVersions, versionType })),
    words: r.words as string[],
    titleWords: r.title_words as string[],
    hit: toHit(r),
  }
}

/** The documents (all, or those of `ids`) and the snapshot they were read in, in one statement. */
async function readDocs(db: Sql, ids: string[] | null): Promise<{ snapshot: string; docs: MemoryDocInput[] }> {
  const which: SQL = ids ? sql`p.project_id = ANY(${textArray(ids)})` : sql`TRUE`
  const { rows } = await db.execute(sql`
    WITH s AS (SELECT pg_current_snapshot()::text AS snapshot)
    SELECT s.snapshot, ${DOC_COLUMNS} FROM s LEFT JOIN search_projects p ON ${which}`)
  return { snapshot: String(rows[0].snapshot), docs: rows.filter((r) => r.project_id != null).map(toDoc) }
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
    const { snapshot, docs } = await readDocs(db, null)
    this.index = new MemoryIndex(docs).prepare()
    this.snapshot = snapshot
    this.syncedAt = Date.now()
  }
}
