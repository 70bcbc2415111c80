import { APIError, type CollectionSlug, type Field, type FieldHook, type PayloadRequest } from 'payload'

import { relationId } from '../../lib/ids'
import { actorOf, type Actor } from './roles'

/**
 * Who may write a value. Every field that confers power or places a document (owners, parents,
 * memberships, permission bits, statuses, counters, derived data) carries one of these rules; the
 * hostile-write matrix (tests/int) checks that none is missing.
 *
 * A rule runs for writes made on behalf of a user (REST, GraphQL, the admin panel, server actions
 * and `/v2`, all of which pass `overrideAccess: false`) — on create always, on update only when the
 * value actually changes, so a form that sends a document back unchanged is not refused. System
 * writes (hooks, seeds, jobs: `overrideAccess: true`) are not checked.
 */
export type WriteCheck = {
  req: PayloadRequest
  actor: Actor | null
  operation: 'create' | 'update'
  /** The value being written (on update: after the incoming data, else the stored value). */
  value: unknown
  /** The stored value before this write (undefined on create). */
  previous: unknown
  /** The whole incoming document data. */
  data: Record<string, unknown>
  /** The stored document (undefined on create). */
  original: Record<string, unknown> | undefined
  /** The sibling data at this field's level (for fields inside groups and arrays). */
  siblingData: Record<string, unknown>
}

/** `true` to allow; a message to refuse (answered 403; 404 for `notFound`, 400 for `invalid`). */
export type Verdict = true | string | { notFound: string } | { invalid: string }
export type WriteRule = ((check: WriteCheck) => Verdict | Promise<Verdict>) & { ruleName?: string }

/** Names a rule, for error messages in tests and the completeness check. */
export const rule = (name: string, fn: (check: WriteCheck) => Verdict | Promise<Verdict>): WriteRule => Object.assign(fn, { ruleName: name })

export class WriteRefused extends APIError {
  constructor(message: string, status = 403) {
    super(message, status, null, true)
  }
}

/** Normalises a value for comparison: relations become ids, dates ISO strings, empties null. */
export function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null
  if (Array.isArray(value)) return value.map(comparable)
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>
    if ('relationTo' in v && 'value' in v) return `${String(v.relationTo)}:${relationId(v.value)}`
    if ('id' in v && Object.keys(v).length > 1 && typeof v.id === 'string') return v.id
    // Key order is not a change (the admin form sends a group's keys in its own order), nor is an
    // all-empty group against a missing one.
    const entries = Object.entries(v).filter(([k]) => k !== 'id').map(([k, x]) => [k, comparable(x)] as const).sort(([a], [b]) => a.localeCompare(b))
    return entries.every(([, x]) => x === null) ? null : Object.fromEntries(entries)
  }
  return value
}

export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b))

export async function enforce(rules: WriteRule, check: WriteCheck, field: string): Promise<void> {
  const verdict = await rules(check)
  if (verdict === true) return
  if (typeof verdict === 'string') throw new WriteRefused(verdict)
  if ('notFound' in verdict) throw new WriteRefused(verdict.notFound, 404)
  throw new WriteRefused(`${verdict.invalid}`, 400)
  void field
}

const ruleHook =
  (writeRule: WriteRule, fieldName: string): FieldHook =>
  async ({ value, previousValue, operation, overrideAccess, req, data, originalDoc, siblingData, field }) => {
    if (overrideAccess) return value // REST and GraphQL leave it undefined: checked like `false`
    if (operation !== 'create' && operation !== 'update') return value
    if (operation === 'update' && (value === undefined || sameValue(value, previousValue))) return value
    // On create, a value left out or equal to the field's default is the site's, not the user's.
    if (operation === 'create' && (siblingData?.[fieldName] === undefined || isDefault(field, value))) return value
    await enforce(
      writeRule,
      {
        req,
        actor: actorOf(req),
        operation,
        value,
        previous: previousValue,
        data: (data ?? {}) as Record<string, unknown>,
        original: operation === 'update' ? (originalDoc as Record<string, unknown> | undefined) : undefined,
        siblingData: (siblingData ?? {}) as Record<string, unknown>,
      },
      fieldName,
    )
    return value
  }

function isDefault(field: unknown, value: unknown): boolean {
  const fallback = (field as { defaultValue?: unknown }).defaultValue
  if (typeof fallback === 'function') return false
  return fallback !== undefined && sameValue(fallback, value)
}

/** Marks a field as guarded: its writes go through `writeRule`. */
export function guarded<F extends Field>(field: F, writeRule: WriteRule): F {
  const name = 'name' in field ? String(field.name) : '?'
  const hooks = ('hooks' in field ? field.hooks : undefined) ?? {}
  return {
    ...field,
    hooks: { ...hooks, beforeValidate: [...(hooks.beforeValidate ?? []), ruleHook(writeRule, name)] },
    // Server-only (Payload keeps `custom` out of the admin's client config).
    custom: { ...('custom' in field ? field.custom : undefined), writeRule: writeRule.ruleName ?? 'unnamed', writeRuleFn: writeRule },
  } as F
}

/** The field at a dotted path (through groups and arrays; rows, tabs and collapsibles are flattened). */
function fieldAt(fields: Field[], path: string[]): Field | undefined {
  const [head, ...rest] = path
  for (const f of fields) {
    if (!('name' in f) && 'fields' in f) {
      const inner = fieldAt(f.fields as Field[], path)
      if (inner) return inner
      continue
    }
    if ('name' in f && f.name === head) return rest.length && 'fields' in f ? fieldAt(f.fields as Field[], rest) : rest.length ? undefined : f
  }
  return undefined
}

/**
 * The rules for the UI: may the request's user write `value` into `path` of `collection` (a new
 * document when `original` is missing)? The same verdict the write itself would get.
 */
export async function canWrite(req: PayloadRequest, collection: CollectionSlug, path: string, value: unknown, original?: object): Promise<boolean> {
  try {
    await assertCanWrite(req, collection, path, value, original)
    return true
  } catch (err) {
    if (err instanceof WriteRefused) return false
    throw err
  }
}

/** `canWrite`, refusing with the rule's own message. */
export async function assertCanWrite(req: PayloadRequest, collection: CollectionSlug, path: string, value: unknown, stored?: object): Promise<void> {
  const original = stored as Record<string, unknown> | undefined
  const field = fieldAt(req.payload.collections[collection].config.fields, path.split('.'))
  const writeRule = (field as { custom?: { writeRuleFn?: WriteRule } } | undefined)?.custom?.writeRuleFn
  if (!writeRule || (original && sameValue(value, original[path]))) return
  const data = { ...(original ?? {}), [path]: value }
  await enforce(writeRule, { req, actor: actorOf(req), operation: original ? 'update' : 'create', value, previous: original?.[path], data, original, siblingData: data }, path)
}
