import type { Sql } from '../../lib/db/sql'
import type { ProjectSearchDocument } from '../../lib/search/document'
import type { SearchQuery, SearchResult } from '../../lib/search/query'

/** Runs SQL on the current transaction (or the pool) and returns rows (src/lib/db/sql.ts). */
export type { Sql }

/** What the index stores for one searchable project (src/lib/search/document.ts). */
export type { ProjectSearchDocument }

/** A search engine: the Postgres one always exists; Typesense joins when configured. */
export interface SearchEngine {
  readonly name: string
  search(query: SearchQuery): Promise<SearchResult>
  upsert(doc: ProjectSearchDocument, db?: Sql): Promise<void>
  remove(projectId: string, db?: Sql): Promise<void>
  /** Recomputes downloads over the last 7 days for the trending sort. */
  refreshTrending(db?: Sql): Promise<void>
  clear(db?: Sql): Promise<void>
}
