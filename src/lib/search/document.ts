/**
 * The search index's document, stated once: what every engine stores for a searchable project
 * (src/plugins/search: Postgres, Typesense) and what the in-memory index keeps of it (./memory/types.ts).
 * Types only.
 */

/** One visible version of a project, as the filters see it. */
export type SearchDocumentVersion = { versionId: string; loaders: string[]; gameVersions: string[]; versionType: string }

/** What the index stores for one searchable project, and for each of its visible versions. */
export type ProjectSearchDocument = {
  projectId: string
  slug: string
  title: string
  summary: string
  author: string
  /** The owner of the project's team, or of its organization's team (labrinth's `author_id`). */
  authorId: string | null
  organization: string | null
  organizationId: string | null
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
  /** The id of the newest listed version (before 2026-11-28 its version number: see that day's search migration). */
  latestVersion: string | null
  iconUrl: string | null
  color: number | null
  gallery: string[]
  featuredGallery: string | null
  /** Modrinth's `disclosure_types`: `archived` for an archived project. */
  disclosureTypes: string[]
  versions: SearchDocumentVersion[]
}
