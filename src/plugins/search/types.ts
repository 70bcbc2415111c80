import type { Sql } from '../../lib/db/sql'
import type { SearchQuery, SearchResult } from '../../lib/search/query'

/** Runs SQL on the current transaction (or the pool) and returns rows (src/lib/db/sql.ts). */
export type { Sql }

/** What the index stores for one searchable project, and for each of its visible versions. */
export type ProjectSearchDocument = {
  projectId: string
  slug: string
  title: string
  summary: string
  author: string
  projectType: string
  categories: string[]
  displayCategories: string[]
  loaders: string[]
  gameVersions: string[]
  clientSide: string
  serverSide: string
  license: string
  openSource: boolean
  downloads: number
  follows: number
  dateCreated: string
  dateModified: string
  latestVersion: string | null
  iconUrl: string | null
  color: number | null
  gallery: string[]
  featuredGallery: string | null
  versions: { versionId: string; loaders: string[]; gameVersions: string[]; versionType: string }[]
}


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
