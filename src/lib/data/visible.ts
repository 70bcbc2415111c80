import { combineQueries, executeAccess, type CollectionSlug, type DataFromCollectionSlug, type FlattenedField, type Where } from 'payload'

import { as, type Viewer } from './viewer'

type Args = { where: Where; select?: Record<string, true>; sort?: string | string[] }

/**
 * Whether reading these fields through the database adapter gives exactly what the Local API gives:
 * no collection read hooks, no drafts or trash, and none of the fields has read access rules, read
 * hooks, or is hidden. (Upload URL fields have read hooks, so they never qualify.)
 */
const equivalence = new Map<string, boolean>()
function adapterReadIsEquivalent(viewer: Viewer, collection: CollectionSlug, select?: Record<string, true>): boolean {
  const key = `${collection}:${select ? Object.keys(select).sort().join(',') : '*'}`
  const known = equivalence.get(key)
  if (known !== undefined) return known
  const config = viewer.payload.collections[collection].config
  const fields = config.flattenedFields.filter((f) => !select || select[f.name])
  const fieldOk = (f: FlattenedField): boolean => {
    const field = f as FlattenedField & { access?: { read?: unknown }; hooks?: { afterRead?: unknown[] }; hidden?: boolean; virtual?: unknown; flattenedFields?: FlattenedField[] }
    if (field.access?.read || field.hooks?.afterRead?.length || field.hidden || field.virtual) return false
    if (field.type === 'join') return true // joins are off on both paths
    return (field.flattenedFields ?? []).every(fieldOk)
  }
  const ok =
    !config.hooks?.beforeRead?.length &&
    !config.hooks?.afterRead?.length &&
    !config.versions?.drafts &&
    !config.trash &&
    fields.every(fieldOk)
  equivalence.set(key, ok)
  return ok
}

/**
 * The documents of `collection` matching `where` that the viewer may read — the same documents, in
 * the same shape, as a Local API `find` with `overrideAccess: false` and `depth: 0`: the collection's
 * own read access is applied to the query. When nothing would change a document on the way out
 * (see `adapterReadIsEquivalent`), it reads through the database adapter directly, skipping the
 * per-document, per-field hook traversal that dominates large batch reads; otherwise it simply
 * calls the Local API.
 */
export async function findVisible<S extends CollectionSlug>(viewer: Viewer, collection: S, { where, select, sort }: Args): Promise<DataFromCollectionSlug<S>[]> {
  if (!adapterReadIsEquivalent(viewer, collection, select)) {
    const result = await viewer.payload.find({ collection, where, select, sort, pagination: false, depth: 0, joins: false as never, ...as(viewer) } as unknown as Parameters<typeof viewer.payload.find>[0])
    return result.docs as unknown as DataFromCollectionSlug<S>[]
  }
  const config = viewer.payload.collections[collection].config
  const access = config.access?.read ? await executeAccess({ req: viewer.req, disableErrors: true }, config.access.read) : true
  if (access === false) return []
  const result = await viewer.payload.db.find<DataFromCollectionSlug<S>>({
    collection,
    where: combineQueries(where, access),
    select,
    sort,
    limit: 0,
    pagination: false,
    joins: false as never,
    req: viewer.req,
  })
  return result.docs
}
