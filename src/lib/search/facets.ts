import { DATE_FIELDS, NUMERIC_FIELDS, OPERATORS, PROJECT_FIELDS, SearchInputError, VERSION_FIELDS, type Filter, type FilterField, type FilterGroups, type Operator } from './query'

/** v2 key aliases (reference §1.3) and our own spellings, to the model's field names. */
const ALIASES: Record<string, FilterField> = {
  versions: 'game_versions',
  game_versions: 'game_versions',
  project_type: 'project_type',
  project_types: 'project_type',
  title: 'title',
  name: 'title',
  categories: 'categories',
  loaders: 'loaders',
  client_side: 'client_side',
  server_side: 'server_side',
  license: 'license',
  open_source: 'open_source',
  project_id: 'project_id',
  author: 'author',
  downloads: 'downloads',
  follows: 'follows',
  date_created: 'date_created',
  created_timestamp: 'date_created',
  date_modified: 'date_modified',
  modified_timestamp: 'date_modified',
  version_type: 'version_type',
}

// Longest operators first so ">=" is not read as ">".
const OPS_BY_LENGTH = [...OPERATORS].sort((a, b) => b.length - a.length)

/**
 * labrinth reads a facet's field and value as literals of its filter language (`search/filter/parse.rs`):
 * either may be wrapped in '…', "…" or `…`, with `\` escaping the next character; the quotes are not
 * part of the value (`title:'Ore Tools'` is the title Ore Tools).
 */
export function unquote(text: string): string {
  const quote = text[0]
  if (text.length < 2 || !(quote === "'" || quote === '"' || quote === '`') || text[text.length - 1] !== quote) return text
  let out = ''
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i]
    if (c === '\\' && i + 1 < text.length - 1) out += text[++i]
    else if (c === quote) return text // an unescaped quote inside: not one quoted literal
    else out += c
  }
  return out
}

/** Parses one facet string such as `categories:fabric`, `versions!=1.20.1` or `downloads>=1000`. */
export function parseFacet(raw: string, loaderNames: ReadonlySet<string>): Filter {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 256) throw new SearchInputError(`Invalid facet: ${JSON.stringify(raw)}`)
  let best: { index: number; op: Operator | ':' } | null = null
  for (const op of [...OPS_BY_LENGTH, ':'] as const) {
    const index = raw.indexOf(op)
    if (index > 0 && (best === null || index < best.index || (index === best.index && op.length > best.op.length))) best = { index, op }
  }
  if (!best) throw new SearchInputError(`Invalid facet "${raw}": expected key:value or key<op>value`)
  const key = unquote(raw.slice(0, best.index).trim())
  const value = unquote(raw.slice(best.index + best.op.length).trim())
  const op: Operator = best.op === ':' ? '=' : best.op
  let field = ALIASES[key]
  if (!field) throw new SearchInputError(`Invalid facet "${raw}": unknown field "${key}"`)
  if (value.length === 0) throw new SearchInputError(`Invalid facet "${raw}": missing value`)
  // Loaders are categories in the v2 facet language; match them against versions.
  if (field === 'categories' && loaderNames.has(value.toLowerCase())) field = 'loaders'
  if ((NUMERIC_FIELDS as readonly string[]).includes(field) && !/^-?\d+(\.\d+)?$/.test(value))
    throw new SearchInputError(`Invalid facet "${raw}": ${field} takes a number`)
  if ((DATE_FIELDS as readonly string[]).includes(field) && !/^\d+$/.test(value) && Number.isNaN(Date.parse(value)))
    throw new SearchInputError(`Invalid facet "${raw}": ${field} takes a date or a unix timestamp`)
  const ordered = !['=', '!='].includes(op)
  if (ordered && ![...NUMERIC_FIELDS, ...DATE_FIELDS].includes(field))
    throw new SearchInputError(`Invalid facet "${raw}": ${op} only applies to numbers and dates`)
  return { field, op, value: normalizeValue(field, value) }
}

/** Tags are stored lower-case; ids, game versions, titles, authors and SPDX licence ids compare as given. */
const CASE_KEPT: readonly FilterField[] = ['project_id', 'game_versions', 'title', 'author', 'license']
const normalizeValue = (field: FilterField, value: string) => (CASE_KEPT.includes(field) ? value : value.toLowerCase())

/**
 * Parses the v2 `facets` parameter: a JSON `string[][]` (outer AND, inner OR; an inner element may itself
 * be an array, an AND group, which is expanded into the outer level).
 */
export function parseFacets(json: string | null | undefined, loaderNames: ReadonlySet<string>): FilterGroups {
  if (json == null || json.trim() === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new SearchInputError('Invalid facets: not valid JSON')
  }
  if (!Array.isArray(parsed)) throw new SearchInputError('Invalid facets: expected an array of arrays of strings')
  const groups: FilterGroups = []
  for (const group of parsed) {
    if (typeof group === 'string') {
      groups.push([parseFacet(group, loaderNames)])
      continue
    }
    if (!Array.isArray(group)) throw new SearchInputError('Invalid facets: expected an array of arrays of strings')
    const or: Filter[] = []
    for (const item of group) {
      if (typeof item === 'string') or.push(parseFacet(item, loaderNames))
      else if (Array.isArray(item) && item.every((x) => typeof x === 'string')) {
        // An AND group nested in an OR group: only representable exactly when it stands alone.
        if (group.length !== 1) throw new SearchInputError('Invalid facets: AND groups inside OR groups are not supported')
        for (const x of item) groups.push([parseFacet(x, loaderNames)])
      } else throw new SearchInputError('Invalid facets: expected an array of arrays of strings')
    }
    if (or.length) groups.push(or)
  }
  if (groups.length > 64) throw new SearchInputError('Invalid facets: too many groups')
  return groups
}

export const FIELDS: readonly FilterField[] = [...PROJECT_FIELDS, ...VERSION_FIELDS]
