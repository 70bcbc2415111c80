/** One version of a project, as the index tests filters on it (identical versions are kept once). */
export type MemoryVersion = { loaders: string[]; gameVersions: string[]; versionType: string }

/** A searchable project as the filters read it (made for the few filter shapes the index's lists do not answer). */
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
}

/**
 * A project as it is added: what filters, ranking and sorts read, the display fields of its search
 * hit (the rest of the hit is made from the former, as the SQL engine's `toHit` makes it), and its
 * lexemes as Postgres made them (all, and those of the title: weight A).
 */
export type MemoryDocInput = Omit<MemoryDoc, 'titleLower' | 'authorLower'> & {
  title: string
  author: string
  description: string
  displayCategories: string[]
  iconUrl: string | null
  latestVersion: string | null
  gallery: string[]
  featuredGallery: string | null
  color: number | null
  words: string[]
  titleWords: string[]
}
