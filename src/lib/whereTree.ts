import type { Where, WhereField } from 'payload'
import { validOperatorSet } from 'payload/shared'

/**
 * A `where` read the way Payload runs it (payload `validateQueryPaths`/`validateSearchParam`, the
 * drizzle adapter's `parseParams`/`buildOrderBy`): `and`/`or` in any case, `__` as a path separator
 * (GraphQL's spelling, accepted everywhere), `_id` for `id`. Whoever judges a query judges this form,
 * so that no spelling reaches the database unseen. Pure: no Payload instance needed.
 */

/** A where Payload cannot run or would answer with a 500: the caller answers 400 with the message. */
export class WhereShapeError extends Error {}

/** Deeper trees are refused: no real filter nests this far, and the walkers below recurse. */
export const MAX_WHERE_DEPTH = 16

export const normalizePath = (path: string): string => (path === '_id' ? 'id' : path.replace(/__/g, '.'))

/** `and`/`or` in any case, as Payload and the adapter read the key (only with a list as value). */
export const groupOf = (key: string): 'and' | 'or' | null => {
  const k = key.toLowerCase()
  return k === 'and' || k === 'or' ? k : null
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date)
const isScalar = (v: unknown): boolean => v === null || v === undefined || v instanceof Date || ['string', 'boolean'].includes(typeof v) || (typeof v === 'number' && Number.isFinite(v))

/** Operators whose value is one value or a list of them; the rest take one value (geo ones aside). */
const LIST_OPERATORS = new Set(['in', 'not_in', 'all', 'equals', 'not_equals', 'contains'])
/** Geo operators take GeoJSON / coordinates: only meaningful on point fields (the guard checks the field). */
export const GEO_OPERATORS = new Set(['near', 'within', 'intersects'])

function checkValue(path: string, operator: string, value: unknown): void {
  if (GEO_OPERATORS.has(operator)) return
  if (isScalar(value)) return
  if (LIST_OPERATORS.has(operator) && Array.isArray(value) && value.every(isScalar)) return
  throw new WhereShapeError(`The value of "${path}" ${operator} must be ${LIST_OPERATORS.has(operator) ? 'a value or a list of values' : 'a single value'}.`)
}

function normalizeLeaf(path: string, operators: unknown): WhereField {
  if (!isPlainObject(operators)) throw new WhereShapeError(`"${path}" needs an operator, e.g. where[${path}][equals]=…`)
  for (const [operator, value] of Object.entries(operators)) {
    if (!validOperatorSet.has(operator as never)) throw new WhereShapeError(`Unknown operator "${operator}" on "${path}".`)
    checkValue(path, operator, value)
  }
  return operators as WhereField
}

/**
 * The tree as Payload will run it, keys normalised (group keys lower-cased, `__` → `.`); throws
 * `WhereShapeError` for a shape Payload would refuse, ignore or fail on. Two keys that become the
 * same path (`a__b` and `a.b`) both stay, joined with `and`, as Payload would have applied both.
 */
export function normalizeWhere(where: unknown, depth = 0): Where {
  if (where === undefined || where === null) return {}
  if (!isPlainObject(where)) throw new WhereShapeError('A where must be an object of conditions.')
  if (depth > MAX_WHERE_DEPTH) throw new WhereShapeError(`A where may nest at most ${MAX_WHERE_DEPTH} groups.`)
  const out: Where = {}
  const clashes: Where[] = []
  for (const [key, value] of Object.entries(where)) {
    const group = groupOf(key)
    let normalKey: string
    let normalValue: Where[] | WhereField
    if (group) {
      if (!Array.isArray(value)) throw new WhereShapeError(`"${key}" must be a list of conditions.`)
      normalKey = group
      normalValue = value.map((item) => {
        if (!isPlainObject(item)) throw new WhereShapeError(`Each item of "${key}" must be an object of conditions.`)
        return normalizeWhere(item, depth + 1)
      })
    } else {
      normalKey = normalizePath(key)
      if (!normalKey || normalKey.split('.').some((s) => s === '')) throw new WhereShapeError(`"${key}" is not a field path.`)
      normalValue = normalizeLeaf(normalKey, value)
    }
    if (normalKey in out) clashes.push({ [normalKey]: normalValue })
    else out[normalKey] = normalValue
  }
  if (clashes.length) out.and = [...((out.and as Where[] | undefined) ?? []), ...clashes]
  return out
}

/** Every condition's path in a normalised tree. */
export function pathsOf(where: Where, out: string[] = []): string[] {
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) for (const w of value) pathsOf(w, out)
    else out.push(key)
  }
  return out
}

/**
 * Rewrites each condition of a normalised tree: `fn` returns the Where that replaces it, or null to
 * keep it. A replaced condition keeps its place in the logic (an `or` branch stays an `or` branch).
 */
export async function mapConditions(where: Where, fn: (path: string, operators: WhereField) => Promise<Where | null>): Promise<Where> {
  const out: Where = {}
  const replaced: Where[] = []
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) {
      const items: Where[] = []
      for (const w of value) items.push(await mapConditions(w, fn))
      out[key] = items
      continue
    }
    const next = await fn(key, value as WhereField)
    if (next) replaced.push(next)
    else out[key] = value
  }
  if (!replaced.length) return out
  return { and: Object.keys(out).length ? [out, ...replaced] : replaced }
}

/** The sort paths Payload will order by (`-` stripped, `__` → `.`); REST already split commas, the Local API does not. */
export function sortPathsOf(sort: unknown): string[] {
  if (sort === undefined || sort === null || sort === '') return []
  const items = Array.isArray(sort) ? sort : [sort]
  return items.flatMap((item) => {
    if (typeof item !== 'string') throw new WhereShapeError('A sort must be a field path or a list of them.')
    return item.split(',').map((s) => normalizePath(s.trim().replace(/^-/, ''))).filter(Boolean)
  })
}

/** Rewrites every path of a Where to sit under `prefix` (`status` → `project.status`). */
export function prefixWhere(where: Where, prefix: string): Where {
  const out: Where = {}
  for (const [key, value] of Object.entries(where)) {
    const group = groupOf(key)
    if (group && Array.isArray(value)) out[group] = (value as Where[]).map((w) => prefixWhere(w, prefix))
    else out[`${prefix}${normalizePath(key)}`] = value as WhereField
  }
  return out
}

const idsIn = (value: unknown): string[] | null => {
  if (typeof value === 'string' && value) return value.split(',').filter(Boolean)
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string' && v)) return value as string[]
  return null
}

/**
 * The document ids a normalised where is bounded to — an `id` `equals`/`in` condition that must
 * hold for every result (at the top or under `and`) — or null when it may return any document.
 */
export function pinnedIds(where: Where): string[] | null {
  for (const [key, value] of Object.entries(where)) {
    if (key === 'and' && Array.isArray(value)) {
      for (const w of value) {
        const ids = pinnedIds(w)
        if (ids) return ids
      }
    } else if (key === 'id' && !Array.isArray(value)) {
      const ops = value as WhereField
      const ids = typeof ops.equals === 'string' && ops.equals ? [ops.equals] : idsIn(ops.in)
      if (ids) return ids
    }
  }
  return null
}
