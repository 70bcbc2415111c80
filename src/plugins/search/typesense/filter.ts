import type { Filter, FilterGroups } from '../../../lib/search/query'

const q = (v: string) => '`' + v.replace(/`/g, '') + '`'
const ORD: Record<string, string> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=' }
const unix = (v: string) => (/^\d+$/.test(v) ? Number(v) : Math.floor(Date.parse(v) / 1000))

/**
 * One filter in Typesense's filter_by syntax. Documents are versions carrying their project's fields;
 * `=` on loaders/game versions tests the version, `!=` tests the project's union (p_*), as in Postgres.
 */
export function typesenseFilter(f: Filter): string {
  const neg = f.op === '!='
  switch (f.field) {
    case 'loaders':
    case 'game_versions':
      return neg ? `p_${f.field}:!=${q(f.value)}` : `${f.field}:=${q(f.value)}`
    case 'downloads':
    case 'follows':
      return `${f.field}:${ORD[f.op] ?? '='}${Number(f.value)}`
    case 'date_created':
    case 'date_modified':
      return `${f.field}:${ORD[f.op] ?? '='}${unix(f.value)}`
    case 'open_source':
      return `open_source:${neg ? '!=' : '='}${f.value === 'true'}`
    default:
      return `${f.field}:${neg ? '!=' : '='}${q(f.value)}`
  }
}

export const typesenseFilterBy = (groups: FilterGroups): string =>
  groups.map((g) => (g.length === 1 ? typesenseFilter(g[0]) : `(${g.map(typesenseFilter).join(' || ')})`)).join(' && ')
