import { sql, type SQL } from 'drizzle-orm'

import { loaderVersionKey, pureField, splitGroups, versionShortcut } from '../../../lib/search/filterShape'
import { isVersionField, type Filter, type FilterGroups } from '../../../lib/search/query'

const arr = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`
const ts = (value: string) => (/^\d+$/.test(value) ? sql`to_timestamp(${Number(value)})` : sql`${new Date(value).toISOString()}::timestamptz`)
const cmp = (op: Filter['op']) => sql.raw({ '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' }[op])

export { loaderVersionKey }

/**
 * One filter as SQL. `=` on a version field is checked on the version row `v`; a `!=` on a version
 * field excludes the project when any of its versions has the value.
 */
export function filterSql(f: Filter): SQL {
  const negate = f.op === '!='
  const wrap = (s: SQL) => (negate ? sql`NOT (${s})` : s)
  switch (f.field) {
    case 'loaders':
    case 'game_versions': {
      const col = sql.raw(f.field)
      return negate ? sql`NOT (p.${col} @> ${arr([f.value])})` : sql`v.${col} @> ${arr([f.value])}`
    }
    case 'version_type':
      return negate ? sql`NOT EXISTS (SELECT 1 FROM search_versions x WHERE x.project_id = p.project_id AND x.version_type = ${f.value})` : sql`v.version_type = ${f.value}`
    case 'categories':
      return wrap(sql`p.categories @> ${arr([f.value])}`)
    case 'project_type':
    case 'client_side':
    case 'server_side':
    case 'license':
    case 'project_id':
      return wrap(sql`p.${sql.raw(f.field)} = ${f.value}`)
    case 'open_source':
      return wrap(sql`p.open_source = ${f.value === 'true'}`)
    case 'title':
    case 'author':
      return wrap(sql`lower(p.${sql.raw(f.field)}) = lower(${f.value})`)
    case 'downloads':
    case 'follows':
      return sql`p.${sql.raw(f.field)} ${cmp(f.op)} ${Number(f.value)}`
    case 'date_created':
    case 'date_modified':
      return sql`p.${sql.raw(f.field)} ${cmp(f.op)} ${ts(f.value)}`
  }
}

/** The version groups through the project's arrays (see `versionShortcut`), or null for other shapes. */
function shortcutSql(versionGroups: Filter[][]): SQL | null {
  const shape = versionShortcut(versionGroups)
  if (!shape) return null
  const { loaders: l, gameVersions: g } = shape
  if (l && g) return sql`p.loader_versions && ${arr(l.flatMap((x) => g.map((y) => loaderVersionKey(x, y))))}`
  if (l) return sql`p.loaders && ${arr(l)}`
  return sql`p.game_versions && ${arr(g!)}`
}

/**
 * The WHERE clause over `search_projects p`. Groups that test a version field must hold for the same
 * version: through the pairs shortcut when possible, else one EXISTS over the project's versions.
 */
export function whereSql(groups: FilterGroups, extra: SQL[] = []): SQL {
  const orOf = (g: Filter[]) => (pureField(g) && !isVersionField(g[0].field) && g.length > 1 && g[0].field === 'categories' ? sql`p.categories && ${arr(g.map((f) => f.value))}` : sql`(${sql.join(g.map(filterSql), sql` OR `)})`)
  const { projectGroups, versionGroups } = splitGroups(groups)
  const parts = [...extra, ...projectGroups.map(orOf)]
  if (versionGroups.length) {
    parts.push(shortcutSql(versionGroups) ?? sql`EXISTS (SELECT 1 FROM search_versions v WHERE v.project_id = p.project_id AND ${sql.join(versionGroups.map(orOf), sql` AND `)})`)
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`
}

export const textArray = arr
