import type { CollectionSlug, Validate } from 'payload'

import { relationId } from '../lib/ids'

/** Relationship validation for tags named by id (loaders, game versions): unknown names are field errors. */
export const validateTagRefs =
  (collection: CollectionSlug, label: string): Validate<unknown[]> =>
  async (value, { req }) => {
    const ids = (value ?? []).map(relationId).filter((v): v is string => !!v)
    if (ids.length === 0) return `Choose at least one ${label}.`
    const found = await req.payload.find({ collection, where: { id: { in: ids } }, pagination: false, depth: 0, overrideAccess: true, req, select: {} })
    const known = new Set(found.docs.map((d) => String(d.id)))
    const unknown = ids.filter((id) => !known.has(id))
    return unknown.length ? `Unknown ${label}: ${unknown.join(', ')}` : true
  }
