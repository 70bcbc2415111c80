import type { SearchHit } from '../query'

/** One version of a project, as the index tests filters on it (identical versions are kept once). */
export type MemoryVersion = { loaders: string[]; gameVersions: string[]; versionType: string }

/** What the in-memory index keeps for one searchable project: what filters, ranking and sorts read. */
export type MemoryDoc = {
  id: string
  slug: string
  titleLower: string
  authorLower: string
  projectType: string
  categories: string[]
  /** The project's own lists (what `!=` and facet counts read); versions carry their own. */
  loaders: string[]
  gameVersions: string[]
  clientSide: string
  serverSide: string
  license: string
  openSource: boolean
  downloads: number
  follows: number
  trending: number
  /** Epoch milliseconds. */
  created: number
  modified: number
  versions: MemoryVersion[]
  /** The search hit as served, so a page needs no read from the database. */
  hit: SearchHit
}

/** A document as it is added: with its lexemes (as Postgres made them) and those of the title (weight A). */
export type MemoryDocInput = MemoryDoc & { words: string[]; titleWords: string[] }
