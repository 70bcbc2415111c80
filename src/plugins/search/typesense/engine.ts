import { Client } from 'typesense'

import { env } from '../../../lib/env'
import type { FacetCounts, SearchHit, SearchResult } from '../../../lib/search/query'
import type { ProjectSearchDocument, SearchEngine } from '../types'
import { typesenseFilterBy } from './filter'

const COLLECTION = env.typesenseCollection()

export const typesenseConfigured = () => !!(env.typesenseUrl() && env.typesenseApiKey())

const SORT: Record<string, string> = {
  relevance: '_text_match:desc,downloads:desc',
  downloads: 'downloads:desc',
  follows: 'follows:desc',
  newest: 'date_created:desc',
  updated: 'date_modified:desc',
  trending: 'trending:desc,downloads:desc',
}

const SCHEMA = {
  name: COLLECTION,
  fields: [
    { name: 'project_id', type: 'string', facet: true },
    { name: 'title', type: 'string' },
    { name: 'summary', type: 'string' },
    { name: 'author', type: 'string' },
    { name: 'slug', type: 'string', index: false, optional: true },
    { name: 'project_type', type: 'string', facet: true },
    { name: 'categories', type: 'string[]', facet: true },
    { name: 'loaders', type: 'string[]', facet: true },
    { name: 'game_versions', type: 'string[]', facet: true },
    { name: 'p_loaders', type: 'string[]', facet: true },
    { name: 'p_game_versions', type: 'string[]', facet: true },
    { name: 'version_type', type: 'string', facet: true },
    { name: 'client_side', type: 'string', facet: true },
    { name: 'server_side', type: 'string', facet: true },
    { name: 'license', type: 'string', facet: true },
    { name: 'open_source', type: 'bool', facet: true },
    { name: 'downloads', type: 'int64' },
    { name: 'follows', type: 'int64' },
    { name: 'trending', type: 'int64' },
    { name: 'date_created', type: 'int64' },
    { name: 'date_modified', type: 'int64' },
  ],
} as const

/** Typesense: one document per version (or one per project without versions), grouped by project. */
export function typesenseEngine(): SearchEngine {
  const url = new URL(env.typesenseUrl()!)
  const client = new Client({
    nodes: [{ host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') }],
    apiKey: env.typesenseApiKey()!,
    connectionTimeoutSeconds: 5,
  })
  let ensured: Promise<void> | null = null
  const ensure = () =>
    (ensured ??= client
      .collections(COLLECTION)
      .retrieve()
      .then(() => undefined)
      .catch(async () => {
        await client.collections().create(SCHEMA as never)
      }))

  return {
    name: 'typesense',
    async search(query) {
      await ensure()
      const res = await client.collections(COLLECTION).documents().search({
        q: query.text.trim() || '*',
        query_by: 'title,summary,author,categories',
        query_by_weights: '8,4,2,1',
        prefix: true,
        num_typos: 2,
        filter_by: typesenseFilterBy(query.filters) || undefined,
        sort_by: query.text.trim() || query.sort !== 'relevance' ? SORT[query.sort] : 'downloads:desc',
        group_by: 'project_id',
        group_limit: 1,
        page: Math.floor(query.offset / query.limit) + 1,
        per_page: query.limit,
        facet_by: query.facets ? 'project_type,categories,p_loaders,p_game_versions,client_side,server_side,open_source' : undefined,
        max_facet_values: 500,
      })
      const hits: SearchHit[] = (res.grouped_hits ?? []).map((g) => fromDocument(g.hits[0].document as Record<string, unknown>))
      const result: SearchResult = { hits, offset: query.offset, limit: query.limit, total_hits: res.found }
      if (query.facets) {
        const facets: FacetCounts = { project_type: {}, categories: {}, loaders: {}, game_versions: {}, client_side: {}, server_side: {}, open_source: {} }
        for (const f of (res.facet_counts ?? []) as { field_name: string; counts: { value: string; count: number }[] }[]) {
          const key = f.field_name.replace(/^p_/, '') as keyof FacetCounts
          if (facets[key]) for (const c of f.counts) facets[key][c.value] = c.count
        }
        result.facets = facets
      }
      return result
    },
    async upsert(doc) {
      await ensure()
      await client.collections(COLLECTION).documents().delete({ filter_by: `project_id:=\`${doc.projectId}\`` })
      const versions = doc.versions.length ? doc.versions : [{ versionId: doc.projectId, loaders: [], gameVersions: [], versionType: 'release' }]
      await client.collections(COLLECTION).documents().import(versions.map((v) => toDocument(doc, v)), { action: 'upsert' })
    },
    async remove(projectId) {
      await ensure()
      await client.collections(COLLECTION).documents().delete({ filter_by: `project_id:=\`${projectId}\`` })
    },
    async refreshTrending() {
      // Trending counts are pushed by `npm run search:reindex` (documents carry them).
    },
    async clear() {
      await client.collections(COLLECTION).delete().catch(() => undefined)
      ensured = null
      await ensure()
    },
  }
}

function toDocument(doc: ProjectSearchDocument & { trending?: number }, v: ProjectSearchDocument['versions'][number]) {
  return {
    id: v.versionId,
    project_id: doc.projectId,
    title: doc.title,
    summary: doc.summary,
    author: doc.author,
    slug: doc.slug,
    project_type: doc.projectType,
    categories: doc.categories,
    loaders: v.loaders,
    game_versions: v.gameVersions,
    p_loaders: doc.loaders,
    p_game_versions: doc.gameVersions,
    version_type: v.versionType,
    client_side: doc.clientSide,
    server_side: doc.serverSide,
    license: doc.license,
    open_source: doc.openSource,
    downloads: doc.downloads,
    follows: doc.follows,
    trending: doc.trending ?? 0,
    date_created: Math.floor(Date.parse(doc.dateCreated) / 1000),
    date_modified: Math.floor(Date.parse(doc.dateModified) / 1000),
    // Display-only fields ride along unindexed.
    display: JSON.stringify({
      displayCategories: doc.displayCategories, latestVersion: doc.latestVersion, iconUrl: doc.iconUrl, color: doc.color, gallery: doc.gallery, featuredGallery: doc.featuredGallery,
      authorId: doc.authorId, organization: doc.organization, organizationId: doc.organizationId, disclosureTypes: doc.disclosureTypes,
    }),
  }
}

function fromDocument(d: Record<string, unknown>): SearchHit {
  const display = JSON.parse(String(d.display ?? '{}'))
  return {
    project_id: String(d.project_id),
    project_type: String(d.project_type),
    slug: String(d.slug),
    author: String(d.author),
    // Documents indexed before these fields existed lack them until `npm run search:reindex`.
    author_id: display.authorId ?? null,
    organization: display.organization ?? null,
    organization_id: display.organizationId ?? null,
    title: String(d.title),
    description: String(d.summary),
    categories: [...(d.categories as string[]), ...(d.p_loaders as string[])],
    display_categories: display.displayCategories ?? [],
    versions: d.p_game_versions as string[],
    downloads: Number(d.downloads),
    follows: Number(d.follows),
    icon_url: display.iconUrl ?? null,
    date_created: new Date(Number(d.date_created) * 1000).toISOString(),
    date_modified: new Date(Number(d.date_modified) * 1000).toISOString(),
    latest_version: display.latestVersion ?? null,
    license: String(d.license),
    client_side: String(d.client_side),
    server_side: String(d.server_side),
    gallery: display.gallery ?? [],
    featured_gallery: display.featuredGallery ?? null,
    color: display.color ?? null,
    disclosure_types: display.disclosureTypes ?? [],
  }
}
