import type { CollectionSlug, TextField, Validate } from 'payload'

import { normalizeHandle } from '../lib/slugs'

type Options = { name: string; collection: CollectionSlug; pattern: RegExp; patternMessage: string; takenMessage: string; label?: string }

/**
 * A slug/username field: stored lower-case and unique, so two handles differing only in case collide;
 * the collision is reported as a field error before the database would refuse it.
 */
export function handleField({ name, collection, pattern, patternMessage, takenMessage, label }: Options): TextField {
  const validate: Validate<string> = async (value, { req, id }) => {
    if (typeof value !== 'string' || value.length === 0) return 'This field is required.'
    if (!pattern.test(value)) return patternMessage
    const normalized = normalizeHandle(value) as string
    const clash = await req.payload.find({
      collection,
      where: { and: [{ [name]: { equals: normalized } }, ...(id ? [{ id: { not_equals: id } }] : [])] },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
      select: {},
    })
    return clash.totalDocs > 0 ? takenMessage : true
  }
  return {
    name,
    label,
    type: 'text',
    required: true,
    unique: true,
    index: true,
    validate,
    hooks: { beforeValidate: [({ value }) => normalizeHandle(value)] },
  }
}
