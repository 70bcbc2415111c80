import type { CollectionConfig, Field } from 'payload'

type Hooks = NonNullable<CollectionConfig['hooks']>
type HookLists = { [K in keyof Hooks]?: NonNullable<Hooks[K]> }

/**
 * Adds hooks to a collection — `first` before the ones it has, `last` after them — and returns the
 * new collection. The one place hook lists are merged: every plugin goes through it, so the order of
 * what runs on a write is decided by the order of src/plugins/index.ts (and printed by
 * tests/unit/wiring.test.ts).
 */
export function appendHooks(collection: CollectionConfig, add: { first?: HookLists; last?: HookLists }): CollectionConfig {
  const hooks: Record<string, unknown[]> = { ...(collection.hooks as Record<string, unknown[]> | undefined) }
  const kinds = new Set([...Object.keys(add.first ?? {}), ...Object.keys(add.last ?? {})])
  for (const kind of kinds) {
    const first = ((add.first as Record<string, unknown[]> | undefined)?.[kind] ?? []) as unknown[]
    const last = ((add.last as Record<string, unknown[]> | undefined)?.[kind] ?? []) as unknown[]
    hooks[kind] = [...first, ...(hooks[kind] ?? []), ...last]
  }
  return { ...collection, hooks: hooks as Hooks }
}

/** Applies `decorate` to the collections named (all when `slugs` is omitted). */
export const mapCollections = (collections: CollectionConfig[] | undefined, decorate: (c: CollectionConfig) => CollectionConfig, slugs?: readonly string[]): CollectionConfig[] =>
  (collections ?? []).map((c) => (!slugs || slugs.includes(c.slug) ? decorate(c) : c))

/** `fields` with `decorate` applied to the field named `name`, wherever rows or collapsibles put it. */
export function mapField(fields: Field[], name: string, decorate: (field: Field) => Field): Field[] {
  return fields.map((f) => {
    if ('name' in f && f.name === name) return decorate(f)
    if (!('name' in f) && 'fields' in f) return { ...f, fields: mapField(f.fields as Field[], name, decorate) } as Field
    return f
  })
}

/** Whether `field` is the one named `name` or, being a row or collapsible, holds it. */
const holds = (field: Field, name: string): boolean =>
  ('name' in field && field.name === name) || (!('name' in field) && 'fields' in field && (field.fields as Field[]).some((f) => holds(f, name)))

/**
 * `fields` with `added` put just before or after the top-level field named `name` (or the row or
 * collapsible that holds it), where a plugin's field belongs in the collection's form. A missing
 * anchor is a mistake in the config, refused at start.
 */
export function insertFields(fields: Field[], at: { before: string } | { after: string }, ...added: Field[]): Field[] {
  const name = 'before' in at ? at.before : at.after
  const index = fields.findIndex((f) => holds(f, name))
  if (index < 0) throw new Error(`insertFields: no field named "${name}" to put ${added.map((f) => ('name' in f ? f.name : f.type)).join(', ')} beside`)
  const cut = 'before' in at ? index : index + 1
  return [...fields.slice(0, cut), ...added, ...fields.slice(cut)]
}
