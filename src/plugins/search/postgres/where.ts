import { sql, type SQL } from 'drizzle-orm'

import { isVersionField, type Filter, type FilterGroups } from '../../../lib/search/query'

const arr = (value: string) => sql`ARRAY[${value}]::text[]`
const ts = (value: string) => (/^\d+$/.test(value) ? sql`to_timestamp(${Number(value)})` : sql`${new Date(value).toISOString()}::timestamptz`)
const cmp = (op: Filter['op']) => sql.raw({ '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' }[op])

/**
 * One filter as SQL. `=` on a version field is checked on the version row `v` (so loader and game
 * version must match one and the same version); a `!=` on a version field excludes the project when
 * any of its versions has the value.
 */
export function filterSql(f: Filter): SQL {
  const negate = f.op === '!='
  const wrap = (s: SQL) => (negate ? sql`NOT (${s})` : s)
  switch (f.field) {
    case 'loaders':
    case 'game_versions': {
      const col = sql.raw(f.field)
      return negate ? sql`NOT (p.${col} @> ${arr(f.value)})` : sql`v.${col} @> ${arr(f.value)}`
    }
    case 'version_type':
      return negate ? sql`NOT EXISTS (SELECT 1 FROM search_versions x WHERE x.project_id = p.project_id AND x.version_type = ${f.value})` : sql`v.version_type = ${f.value}`
    case 'categories':
      return wrap(sql`p.categories @> ${arr(f.value)}`)
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

const usesVersionRow = (f: Filter) => isVersionField(f.field) && f.op === '='

/**
 * The WHERE clause over `search_projects p`. Groups that test a version field go into one EXISTS over
 * the project's versions, so all of them must hold for the same version; the rest test the project.
 */
export function whereSql(groups: FilterGroups, extra: SQL[] = []): SQL {
  const orOf = (g: Filter[]) => sql`(${sql.join(g.map(filterSql), sql` OR `)})`
  const projectOnly = groups.filter((g) => !g.some(usesVersionRow)).map(orOf)
  const perVersion = groups.filter((g) => g.some(usesVersionRow)).map(orOf)
  const parts = [...extra, ...projectOnly]
  if (perVersion.length) {
    parts.push(sql`EXISTS (SELECT 1 FROM search_versions v WHERE v.project_id = p.project_id AND ${sql.join(perVersion, sql` AND `)})`)
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`
}
