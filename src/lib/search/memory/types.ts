import type { ProjectSearchDocument, SearchDocumentVersion } from '../document'

/** One version of a project, as the index tests filters on it (identical versions are kept once). */
export type MemoryVersion = Omit<SearchDocumentVersion, 'versionId'>

/**
 * A searchable project as the filters read it (made for the few filter shapes the index's lists do not answer):
 * the search document's fields (`loaders` and `gameVersions` are the project's own lists, what `!=` and facet
 * counts read; versions carry their own), lower-cased title and author, and dates as epoch milliseconds.
 */
export type MemoryDoc = Pick<
  ProjectSearchDocument,
  'slug' | 'projectType' | 'categories' | 'loaders' | 'gameVersions' | 'clientSide' | 'serverSide' | 'license' | 'openSource' | 'downloads' | 'follows'
> & {
  id: string
  titleLower: string
  authorLower: string
  trending: number
  /** Epoch milliseconds. */
  created: number
  modified: number
  versions: MemoryVersion[]
}

/**
 * A project as it is added: what filters, ranking and sorts read, the display fields of its search
 * hit (the rest of the hit is made from the former, as the SQL engine's `toHit` makes it), and its
 * lexemes as Postgres made them (all, and those of the title: weight A).
 */
export type MemoryDocInput = Omit<MemoryDoc, 'titleLower' | 'authorLower'> &
  Pick<
    ProjectSearchDocument,
    'title' | 'author' | 'authorId' | 'organization' | 'organizationId' | 'displayCategories' | 'iconUrl' | 'latestVersion' | 'gallery' | 'featuredGallery' | 'color' | 'disclosureTypes'
  > & {
    /** The document's `summary`. */
    description: string
    words: string[]
    titleWords: string[]
  }
