import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

const dialect = new PgDialect()
const TTL_MS = 30_000
const MAX_ENTRIES = 1000

/**
 * Totals and facet counts for a filter set, kept for 30 seconds. Counting every match is the costly
 * part of a search page (the page itself is an index scan with a LIMIT); popular filter sets repeat.
 * Any write through this process clears it; other instances' writes show within the TTL.
 */
export class CountCache {
  private entries = new Map<string, { at: number; value: unknown }>()

  async get<T>(where: SQL, kind: string, compute: () => Promise<T>): Promise<T> {
    const q = dialect.sqlToQuery(where)
    const key = `${kind}\u0000${q.sql}\u0000${JSON.stringify(q.params)}`
    const hit = this.entries.get(key)
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T
    const value = await compute()
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { at: Date.now(), value })
    return value
  }

  invalidate() {
    this.entries.clear()
  }
}
