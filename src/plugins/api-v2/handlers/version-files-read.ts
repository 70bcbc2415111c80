/**
 * The reads behind the hash lookups and update checks (`/v2/version_file*`, `/v2/version_files*`):
 * a launcher sends the hashes of every file of an instance (500 and more) on each start. Each step
 * is one SQL statement for the whole batch — the files by hash (with their version's project), then
 * the newest matching version of each project — instead of the Local API's reads, whose cost grows
 * with every id and document (building 500-parameter queries, two statements per find, a field
 * traversal per document): ~5× less time for 500 hashes.
 *
 * Access stays where it is written. The collections' own read access (src/access/versions.ts) is
 * evaluated for the viewer, and the `Where` it answers is turned into SQL over the same columns
 * (`accessSql`); a condition that translation does not know makes the read go through the Local API
 * as before (`getFilesByHashes`, `getLatestVersionIds`), so a new rule can never be skipped. The
 * integration tests compare both for every kind of user.
 *
 * Indexes: `version_files_sha1_idx` / `version_files_sha512_idx` find the files (an index scan per
 * batch, `= any($1)`); the newest version per project is a lateral read by `versions_project_idx`.
 */
import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import { executeAccess, type Where } from 'payload'

import { getFilesByHashes, getLatestVersionIds, getVersionProjectIds, LISTING_VERSION_STATUSES, type HashAlgorithm, type VersionFilter, type Viewer } from '../../../lib/data'
import { drizzleOf } from '../../../lib/db/sql'
import { relationId } from '../../../lib/ids'

export type HashedFile = { id: string; version: string; project: string; filename: string | null }

/** A column as `alias.column` of `table` (its type is read from the catalogue, once). */
type Column = { alias: 'f' | 'v' | 'p'; table: 'version_files' | 'versions' | 'projects'; column: string }
type Columns = Record<string, Column>
const f = (column: string): Column => ({ alias: 'f', table: 'version_files', column })
const v = (column: string): Column => ({ alias: 'v', table: 'versions', column })
const p = (column: string): Column => ({ alias: 'p', table: 'projects', column })

/** Where paths of the version-files and versions read access → columns of `f` (file), `v` (version), `p` (project). */
const FILE_COLUMNS: Columns = {
  id: f('id'),
  version: f('version_id'),
  quarantined: f('quarantined'),
  'version.status': v('status'),
  'version.project': v('project_id'),
  'version.project.status': p('status'),
  'version.project.team': p('team_id'),
  'version.project.organization': p('organization_id'),
}
const VERSION_COLUMNS: Columns = {
  id: v('id'),
  status: v('status'),
  project: v('project_id'),
  'project.status': p('status'),
  'project.team': p('team_id'),
  'project.organization': p('organization_id'),
}

/**
 * Each column's own type (`enum_versions_status`, `character varying`, `boolean`…), so that values
 * are compared as that type: a cast of the column instead (`status::text`) would hide its statistics
 * from the planner, which then misjudges the newest-version read by orders of magnitude.
 */
let typesOnce: Promise<Map<string, string>> | null = null
function columnTypes(viewer: Viewer): Promise<Map<string, string>> {
  typesOnce ??= (async () => {
    const found = await rows<{ key: string; type: string }>(viewer, sql`
      select c.relname || '.' || a.attname as key, format_type(a.atttypid, null) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname = any(${sql.param(['version_files', 'versions', 'projects'])}::text[]) and a.attnum > 0 and not a.attisdropped
    `)
    return new Map(found.map((r) => [r.key, r.type]))
  })().catch((e: unknown) => {
    typesOnce = null
    throw e
  })
  return typesOnce
}

/** `Column` → SQL pieces: the column, and a cast of a text value or text array to its type. */
function resolve(column: Column, types: Map<string, string>) {
  const type = types.get(`${column.table}.${column.column}`)
  if (!type || !/^[\w ]+$/.test(type)) throw new Untranslatable(`column ${column.table}.${column.column}`)
  const quoted = type.includes(' ') || /^[a-z_][a-z0-9_]*$/.test(type) ? type : `"${type}"`
  return { col: sql.raw(`${column.alias}.${column.column}`), one: sql.raw(`::text::${quoted}`), many: sql.raw(`::text[]::${quoted}[]`) }
}

class Untranslatable extends Error {}

const scalar = (value: unknown): string | number | boolean => {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  throw new Untranslatable(`value ${JSON.stringify(value)}`)
}

/**
 * A Payload `Where` as SQL over `columns`, for the shapes access rules use: `and`, `or`, `in`,
 * `equals`, `not_equals`, with Payload's null semantics (`not_equals` also matches NULL). Anything else throws `Untranslatable`.
 */
export function whereSql(where: Where, columns: Columns, types: Map<string, string>): SQL {
  const parts: SQL[] = []
  for (const [key, condition] of Object.entries(where)) {
    if (condition === undefined) continue
    if (key === 'and' || key === 'or') {
      const list = (condition as Where[]).map((w) => whereSql(w, columns, types))
      if (list.length === 0) continue
      parts.push(sql`(${sql.join(list, sql.raw(key === 'and' ? ' and ' : ' or '))})`)
      continue
    }
    const column = columns[key]
    if (!column) throw new Untranslatable(`path ${key}`)
    const { col, one, many } = resolve(column, types)
    for (const [op, value] of Object.entries(condition as Record<string, unknown>)) {
      if (op === 'in') {
        const values = (Array.isArray(value) ? value : String(value).split(',')).map(scalar).map(String)
        parts.push(values.length ? sql`${col} = any(${sql.param(values)}${many})` : sql`false`)
      } else if (op === 'equals') {
        parts.push(value === null ? sql`${col} is null` : sql`${col} = ${String(scalar(value))}${one}`)
      } else if (op === 'not_equals') {
        parts.push(value === null ? sql`${col} is not null` : sql`(${col} is null or ${col} <> ${String(scalar(value))}${one})`)
      } else throw new Untranslatable(`operator ${op}`)
    }
  }
  return parts.length ? sql`(${sql.join(parts, sql.raw(' and '))})` : sql`true`
}

/** The viewer's read access to `collection` as SQL over `columns`: `true` → no condition; denied → `false`. */
async function accessSql(viewer: Viewer, collection: 'version-files' | 'versions', columns: Columns): Promise<SQL> {
  const read = viewer.payload.collections[collection].config.access?.read
  if (!read) return sql`true`
  const access = (await executeAccess({ req: viewer.req, disableErrors: true }, read)) as boolean | Where
  if (access === true) return sql`true`
  if (access === false) return sql`false`
  return whereSql(access, columns, await columnTypes(viewer))
}

const rows = async <T>(viewer: Viewer, query: SQL): Promise<T[]> => ((await drizzleOf(viewer.payload).execute(query)).rows as T[])

/**
 * The files the viewer may see with these hashes (lower-case hex), one per hash: the oldest upload
 * when several files share it (optionally only files of `versionId`) — as `getFilesByHashes`, with
 * each file's project.
 */
export async function visibleFilesByHashes(viewer: Viewer, algorithm: HashAlgorithm, hashes: string[], versionId?: string): Promise<Map<string, HashedFile>> {
  const out = new Map<string, HashedFile>()
  const unique = [...new Set(hashes)]
  if (unique.length === 0) return out
  let access: SQL
  try {
    access = await accessSql(viewer, 'version-files', FILE_COLUMNS)
  } catch (e) {
    if (!(e instanceof Untranslatable)) throw e
    return viaLocalApi(viewer, algorithm, unique, versionId)
  }
  const hash = sql.raw(algorithm === 'sha512' ? 'f.sha512' : 'f.sha1')
  const only = versionId ? sql`and f.version_id = ${versionId}` : sql``
  const found = await rows<{ hash: string; id: string; version: string; project: string; filename: string | null }>(viewer, sql`
    select distinct on (${hash}) ${hash} as hash, f.id, f.version_id as version, v.project_id as project, f.filename
    from version_files f
    join versions v on v.id = f.version_id
    join projects p on p.id = v.project_id
    where ${hash} = any(${sql.param(unique)}::varchar[]) ${only} and ${access}
    order by ${hash}, f.created_at, f.id
  `)
  for (const { hash: h, ...file } of found) out.set(h, file)
  return out
}

/** The same answer through the Local API (an access rule `whereSql` cannot translate). */
async function viaLocalApi(viewer: Viewer, algorithm: HashAlgorithm, hashes: string[], versionId?: string): Promise<Map<string, HashedFile>> {
  const files = await getFilesByHashes(viewer, algorithm, hashes, versionId)
  const projects = await getVersionProjectIds(viewer, [...new Set([...files.values()].map((f) => relationId(f.version)!))])
  const out = new Map<string, HashedFile>()
  for (const [hash, f] of files) {
    const version = relationId(f.version)!
    const project = projects.get(version)
    if (project) out.set(hash, { id: f.id, version, project, filename: f.filename ?? null })
  }
  return out
}

/**
 * The newest version of each project in its listing (listed or archived) that the viewer may see and
 * that matches the filter (any of the loaders, any of the game versions, any of the version types; a
 * missing or empty list does not filter) — as `getLatestVersionIds`: newest by publication date, then
 * creation (descending, NULLs first, as Payload sorts). Project id → version id.
 */
export async function latestVersionIds(viewer: Viewer, projectIds: string[], filter: VersionFilter = {}): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const unique = [...new Set(projectIds)]
  if (unique.length === 0) return out
  const conditions: SQL[] = []
  try {
    const types = await columnTypes(viewer)
    conditions.push(sql`v.status = any(${sql.param([...LISTING_VERSION_STATUSES])}${resolve(v('status'), types).many})`)
    conditions.push(await accessSql(viewer, 'versions', VERSION_COLUMNS))
    if (filter.versionTypes?.length) conditions.push(sql`v.version_type = any(${sql.param(filter.versionTypes)}${resolve(v('version_type'), types).many})`)
  } catch (e) {
    if (!(e instanceof Untranslatable)) throw e
    return getLatestVersionIds(viewer, unique, filter)
  }
  const rel = (path: string, column: string, values: string[]) =>
    sql`exists (select 1 from versions_rels r where r.parent_id = v.id and r.path = ${path} and ${sql.raw(`r.${column}`)} = any(${sql.param(values)}::varchar[]))`
  if (filter.loaders?.length) conditions.push(rel('loaders', 'loaders_id', filter.loaders))
  if (filter.gameVersions?.length) conditions.push(rel('gameVersions', 'game_versions_id', filter.gameVersions))
  if (filter.featured !== undefined) conditions.push(sql`v.featured = ${filter.featured}`)
  const found = await rows<{ project: string; id: string }>(viewer, sql`
    select ids.project, newest.id
    from unnest(${sql.param(unique)}::varchar[]) as ids(project)
    join projects p on p.id = ids.project
    cross join lateral (
      select v.id from versions v
      where v.project_id = ids.project and ${sql.join(conditions, sql.raw(' and '))}
      order by v.date_published desc, v.created_at desc
      limit 1
    ) newest
  `)
  for (const r of found) out.set(r.project, r.id)
  return out
}
