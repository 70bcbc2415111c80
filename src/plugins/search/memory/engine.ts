import type { SearchResult } from '../../../lib/search/query'
import { queryTerms } from '../../../lib/search/text'
import type { SearchEngine, Sql } from '../types'
import { IndexSync } from './sync'

/**
 * Search answered from an in-memory index of the search tables (`lib/search/memory`), kept in step
 * with every commit by `IndexSync`. Postgres stays the store: writes go to the SQL engine (which logs
 * them for the index), and the SQL engine answers while the index loads.
 */
export function memoryEngine(pool: () => Sql, sqlEngine: SearchEngine): SearchEngine & { ready(): Promise<void> } {
  const sync = new IndexSync(pool)
  return {
    name: 'memory',
    ready: () => sync.ready(),

    async search(q) {
      const index = await sync.fresh()
      if (!index) return sqlEngine.search(q) // still loading
      const words = index.search(q)
      // No project has the words: titles that look like the text (typos), as the SQL engine does.
      const found = words.total === 0 && q.offset === 0 && queryTerms(q.text).length ? index.similar(q) : words
      const result: SearchResult = { hits: found.hits, offset: q.offset, limit: q.limit, total_hits: found.total }
      if (found.facets) result.facets = found.facets
      return result
    },

    upsert: (doc, db) => sqlEngine.upsert(doc, db),
    remove: (projectId, db) => sqlEngine.remove(projectId, db),
    refreshTrending: (db) => sqlEngine.refreshTrending(db),
    clear: (db) => sqlEngine.clear(db),
  }
}
