import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

const dialect = new PgDialect()
const TTL_MS = 30_000
const MAX_ENTRIES = 1000

function key(where: SQL, kind: string): string {
  const q = dialect.sqlToQuery(where)
  return `${kind}\u0000${q.sql}\u0000${JSON.stringify(q.params)}`
}

/**
 * Totals and facet counts for a filter set, kept for 30 seconds. Counting every match is the costly
 * part of a search page (the page itself is an index scan with a LIMIT); popular filter sets repeat.
 * Any write through this process clears it; other instances' writes show within the TTL.
 */
export class CountCache {
  private entries = new Map<string, { at: number; value: unknown }>()

  /** The cached value, or undefined when there is none (or it has expired). */
  peek<T>(where: SQL, kind: string): T | undefined {
    const hit = this.entries.get(key(where, kind))
    return hit && Date.now() - hit.at < TTL_MS ? (hit.value as T) : undefined
  }

  async get<T>(where: SQL, kind: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.peek<T>(where, kind)
    if (cached !== undefined) return cached
    const value = await compute()
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key(where, kind), { at: Date.now(), value })
    return value
  }

  invalidate() {
    this.entries.clear()
  }
}
