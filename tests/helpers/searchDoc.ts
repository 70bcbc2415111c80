import type { ProjectSearchDocument } from '../../src/plugins/search/types'

/** A search document written straight into an engine: document `i` of a test's `tag`. */
export function searchDoc(tag: string, i: number, over: Partial<ProjectSearchDocument> = {}): ProjectSearchDocument {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()
  return {
    projectId: `${tag}${i}`.slice(0, 16),
    slug: `${tag}-${i}`,
    title: `Project ${i}`,
    summary: `Project number ${i}`,
    author: 'scale',
    authorId: null,
    organization: null,
    organizationId: null,
    projectType: 'mod',
    categories: [i % 10 === 0 ? 'magic' : 'technology'],
    displayCategories: [],
    loaders: ['fabric'],
    gameVersions: ['1.21'],
    clientSide: 'required',
    serverSide: 'optional',
    license: 'MIT',
    openSource: true,
    downloads: 0,
    follows: 0,
    dateCreated: at,
    dateModified: at,
    latestVersion: null,
    iconUrl: null,
    color: null,
    gallery: [],
    featuredGallery: null,
    disclosureTypes: [],
    versions: [{ versionId: `${tag}v${i}`.slice(0, 16), loaders: ['fabric'], gameVersions: ['1.21'], versionType: 'release' }],
    ...over,
  }
}
