import type { CollectionConfig } from 'payload'

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
