import { sql } from '@payloadcms/db-postgres'

import { actorOf, isStaff } from '../../access/core/roles'
import type { Project, Version, VersionFile } from '../../payload-types'
import { cacheTags, publicReadMany } from '../cache'
import { drizzleOf } from '../db/sql'
import { versionFileUrl } from './files'
import type { Viewer } from './viewer'

export type VersionBundleRow = { version: Version; files: VersionFile[]; project: Pick<Project, 'id' | 'clientSide' | 'serverSide'> }

type Row = {
  id: string
  project: string
  author: string | null
  versionNumber: string
  name: string | null
  changelog: string | null
  versionType: Version['versionType']
  status: Version['status']
  requestedStatus: Version['requestedStatus']
  featured: boolean | null
  datePublished: string | null
  downloads: number | null
  createdAt: string
  updatedAt: string
  gameVersions: string[] | null
  loaders: string[] | null
  dependencies: NonNullable<Version['dependencies']> | null
  files: (Omit<VersionFile, 'url'> & { filename: string })[] | null
  clientSide: Project['clientSide']
  serverSide: Project['serverSide']
}

/**
 * Versions with all their files and their project's side types, in one SQL statement: the read
 * model behind the batch hash lookups a launcher makes on every start (500 hashes and more), where
 * loading the same data through the Local API costs several times as much.
 *
 * It makes no access decision. Pass only ids of versions the viewer may see — ids taken from an
 * access-checked read (`getFilesByHashes`: version-files access is exactly version access). Every
 * file of a visible version is visible, and so are its project's side types; the integration tests
 * compare this with the Local API for every kind of user. Bundles handed out are shared with the
 * cache (frozen): callers read them, never change them.
 */
export async function loadVisibleVersionBundles(viewer: Viewer, versionIds: string[]): Promise<Map<string, VersionBundleRow>> {
  const ids = [...new Set(versionIds)]
  if (ids.length === 0) return new Map()
  const staff = isStaff(actorOf(viewer.req))
  if (staff) return readBundles(viewer, ids, true)
  // Everyone else sees the same bundle of a version they may see: kept across requests under its
  // project's tag (src/lib/cache), so a launcher's update check reads only versions not seen lately.
  const cached = await publicReadMany(ids.map(bundleKey), async (missing) => {
    const read = await readBundles(viewer, missing.map((key) => key.slice(BUNDLE.length)), false)
    return new Map([...read.values()].map((bundle) => [bundleKey(bundle.version.id), { value: bundle, tags: [cacheTags.project(bundle.project.id)] }]))
  }, { copy: false })
  const out = new Map<string, VersionBundleRow>()
  for (const id of ids) {
    const bundle = cached.get(bundleKey(id))
    if (bundle) out.set(id, bundle)
  }
  return out
}

const BUNDLE = 'version-bundle:'
const bundleKey = (id: string) => `${BUNDLE}${id}`

async function readBundles(viewer: Viewer, ids: string[], staff: boolean): Promise<Map<string, VersionBundleRow>> {
  const out = new Map<string, VersionBundleRow>()
  if (ids.length === 0) return out
  const wanted = sql`any(${sql.param(ids)}::varchar[])`
  const iso = (column: string) => sql.raw(`to_json(${column}) #>> '{}'`)
  // As the version-files read access: a quarantined file (a malicious verdict) is for staff alone.
  const quarantine = staff ? sql`` : sql`and quarantined is not true`
  // Set-based: each child table is read once for all versions, not once per version.
  const result = await drizzleOf(viewer.payload).execute(sql`
    with rels as (
      select parent_id,
        array_agg(game_versions_id order by "order") filter (where path = 'gameVersions') as game_versions,
        array_agg(loaders_id order by "order") filter (where path = 'loaders') as loaders
      from versions_rels where parent_id = ${wanted} group by parent_id
    ), deps as (
      select _parent_id, json_agg(json_build_object('id', id, 'project', project_id, 'version', version_id,
        'fileName', file_name, 'dependencyType', dependency_type) order by _order) as dependencies
      from versions_dependencies where _parent_id = ${wanted} group by _parent_id
    ), files as (
      select version_id, json_agg(json_build_object('id', id, 'version', version_id, 'primary', "primary", 'fileType', file_type,
        'sha1', sha1, 'sha512', sha512, 'filename', filename, 'filesize', filesize, 'createdAt', created_at) order by created_at, id) as files
      from version_files where version_id = ${wanted} ${quarantine} group by version_id
    )
    select v.id, v.project_id as "project", v.author_id as "author", v.version_number as "versionNumber", v.name, v.changelog,
      v.version_type as "versionType", v.status, v.requested_status as "requestedStatus", v.featured,
      ${iso('v.date_published')} as "datePublished", v.downloads::float8 as "downloads",
      ${iso('v.created_at')} as "createdAt", ${iso('v.updated_at')} as "updatedAt",
      rels.game_versions as "gameVersions", rels.loaders, deps.dependencies, files.files,
      p.client_side as "clientSide", p.server_side as "serverSide"
    from versions v
    join projects p on p.id = v.project_id
    left join rels on rels.parent_id = v.id
    left join deps on deps._parent_id = v.id
    left join files on files.version_id = v.id
    where v.id = ${wanted}
  `)
  for (const row of result.rows as unknown as Row[]) {
    const { gameVersions, loaders, dependencies, files, clientSide, serverSide, ...version } = row
    out.set(row.id, {
      version: { ...version, gameVersions: gameVersions ?? [], loaders: loaders ?? [], dependencies: dependencies ?? [] },
      files: (files ?? []).map((f) => ({ ...f, url: versionFileUrl(f.filename) }) as VersionFile),
      project: { id: row.project, clientSide, serverSide },
    })
  }
  return out
}
