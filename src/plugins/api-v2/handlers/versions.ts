import { z } from 'zod'

import { getProjectByIdOrSlug, getProjectVersion, getVersion, getVersionsByIds, listGameVersions, listProjectVersions } from '../../../lib/data'
import type { Project, Version as VersionDoc } from '../../../payload-types'
import type { Viewer } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import { cachedRead, cachedReadMany, cacheKeys, cacheTags } from '../../../lib/cache'
import { itemNotFound } from '../http/errors'
import { defineRoute } from '../http/route'
import { boolParam, intParam, jsonArrayParam, key, MAX_IDS, text, versionType } from '../schemas/common'
import { Version } from '../schemas/version'
import type { LegacyVersion } from '../serializers/version'
import { legacyVersions } from './assemble'

const TAG = 'versions'
const versionTags = (v: LegacyVersion) => [cacheTags.project(v.project_id)]
const notFound = { 404: { description: 'No such version or project, or the caller may not see it (empty body)', empty: true } }
const stringList = (example: string) => jsonArrayParam(text(256), { example, max: MAX_IDS })

/**
 * labrinth's "auto-featured" versions, for `featured=true` on a project without featured versions:
 * the newest version for each major game version × loader, else every version.
 */
async function autoFeatured(viewer: Parameters<typeof listGameVersions>[0], versions: VersionDoc[]): Promise<VersionDoc[]> {
  const majors = await listGameVersions(viewer, { major: true })
  const ids = (xs: readonly unknown[]) => xs.map(relationId)
  const loaders = [...new Set(versions.flatMap((v) => ids(v.loaders)))]
  const picked = new Map<string, VersionDoc>()
  for (const gv of majors) {
    for (const loader of loaders) {
      const hit = versions.find((v) => ids(v.gameVersions).includes(gv.id) && ids(v.loaders).includes(loader))
      if (hit) picked.set(hit.id, hit)
    }
  }
  return picked.size > 0 ? [...picked.values()] : versions
}

const time = (v: VersionDoc) => Date.parse(v.datePublished ?? v.createdAt)

const versionListQuery = z.object({
  loaders: stringList('["fabric","quilt"]').optional(),
  game_versions: stringList('["1.20.1","1.21"]').optional(),
  featured: boolParam.optional(),
  version_type: versionType.optional(),
  limit: intParam(0).optional(),
  offset: intParam(0).optional(),
  include_changelog: boolParam.optional(),
})
type VersionListQuery = z.infer<typeof versionListQuery>

export const listVersions = defineRoute({
  method: 'GET', path: '/project/{id}/version', operationId: 'getProjectVersions', tag: TAG, summary: "List a project's versions",
  description: 'Newest first. `limit` and `offset` page through the filtered list; `featured` applies after paging (as labrinth).',
  params: { id: 'The project id or slug' },
  query: versionListQuery,
  queryDocs: {
    loaders: 'Only versions for any of these loaders (JSON array)',
    game_versions: 'Only versions for any of these game versions (JSON array)',
    featured: 'Only featured (true) or non-featured (false) versions',
    version_type: 'Only versions of this type',
    limit: 'At most this many versions',
    offset: 'Skip this many versions',
    include_changelog: 'Set to false to leave changelogs out',
  },
  scopes: ['PROJECT_READ', 'VERSION_READ'], response: z.array(Version), responses: notFound,
  handler: async ({ viewer, params, query }: { viewer: Viewer; params: Record<string, string>; query: VersionListQuery }) => {
    const listed = await cachedRead(viewer, { key: cacheKeys.v2ProjectVersions(params.id, query), tags: ({ project }) => [cacheTags.project(project)] }, async () => {
      const project = await getProjectByIdOrSlug(viewer, params.id)
      return project ? { project: project.id, versions: await listVersionsOf(viewer, project, query) } : null
    })
    if (!listed) throw itemNotFound()
    return listed.versions
  },
})

async function listVersionsOf(viewer: Viewer, project: Project, query: VersionListQuery) {
  const all = await listProjectVersions(viewer, project, {
    loaders: query.loaders,
    gameVersions: query.game_versions,
    versionTypes: query.version_type ? [query.version_type] : undefined,
  })
  const offset = query.offset ?? 0
  const page = all.slice(offset, query.limit === undefined ? undefined : offset + query.limit)
  let shown = query.featured === undefined ? page : page.filter((v) => !!v.featured === query.featured)
  if (shown.length === 0 && page.length > 0 && query.featured === true) shown = await autoFeatured(viewer, page)
  shown = [...new Map(shown.map((v) => [v.id, v])).values()].sort((a, b) => time(b) - time(a))
  return legacyVersions(viewer, shown.map((v) => v.id), { includeChangelog: query.include_changelog ?? true })
}

export const getVersionFromIdOrNumber = defineRoute({
  method: 'GET', path: '/project/{id}/version/{version}', operationId: 'getVersionFromIdOrNumber', tag: TAG,
  summary: 'Get a version of a project by id or version number',
  description: 'When several versions share the number, the oldest one.',
  params: { id: 'The project id or slug', version: 'The version id or version number' },
  scopes: ['PROJECT_READ', 'VERSION_READ'], response: Version, responses: notFound,
  handler: async ({ viewer, params }) => {
    const shown = await cachedRead(viewer, { key: cacheKeys.v2ProjectVersion(params.id, params.version), tags: (v) => [cacheTags.project(v.project_id)] }, async () => {
      const project = await getProjectByIdOrSlug(viewer, params.id)
      const version = project && (await getProjectVersion(viewer, project, params.version))
      return version ? ((await legacyVersions(viewer, [version.id]))[0] ?? null) : null
    })
    if (!shown) throw itemNotFound()
    return shown
  },
})

export const getVersionRoute = defineRoute({
  method: 'GET', path: '/version/{id}', operationId: 'getVersion', tag: TAG, summary: 'Get a version',
  params: { id: 'The version id' }, scopes: ['VERSION_READ'], response: Version, responses: notFound,
  handler: async ({ viewer, params }) => {
    const shown = await cachedRead(viewer, { key: cacheKeys.v2Version(params.id), tags: versionTags }, async () => {
      const version = await getVersion(viewer, params.id)
      return version ? ((await legacyVersions(viewer, [version.id]))[0] ?? null) : null
    })
    if (!shown) throw itemNotFound()
    return shown
  },
})

export const getVersionsRoute = defineRoute({
  method: 'GET', path: '/versions', operationId: 'getVersions', tag: TAG, summary: 'Get several versions',
  description: 'Unknown versions and versions the caller may not see are left out.',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD","EEFFGGHH"]', max: MAX_IDS }) }),
  queryDocs: { ids: 'Version ids, as a JSON array' },
  scopes: ['VERSION_READ'], response: z.array(Version),
  handler: async ({ viewer, query }) => {
    // The single read's key and tags (a batch fills the single reads' entries); order asked, each once.
    const ids = [...new Set(query.ids)]
    const found = await cachedReadMany(viewer, { key: cacheKeys.v2Version, tags: versionTags }, ids, async (missing) => {
      const visible = (await getVersionsByIds(viewer, missing)).map((v) => v.id)
      return new Map((await legacyVersions(viewer, visible)).map((v) => [v.id, v]))
    })
    return ids.flatMap((id) => found.get(id) ?? [])
  },
})

export const versionRoutes = [listVersions, getVersionFromIdOrNumber, getVersionRoute, getVersionsRoute]
