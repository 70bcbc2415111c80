import { ValidationError, type CollectionBeforeValidateHook } from 'payload'

import { USERNAME_PATTERN } from '../../../lib/slugs'

/** Usernames are unique case-insensitively: stored lower-case, a clash in any case is a field error. */
export const normalizeUsername: CollectionBeforeValidateHook = async ({ data, req, originalDoc, collection }) => {
  if (!data || typeof data.username !== 'string') return data
  const username = data.username.trim()
  if (!USERNAME_PATTERN.test(username)) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'username', message: 'Usernames are 1–39 characters: letters, digits, "-" and "_".' }],
    })
  }
  const normalized = username.toLowerCase()
  const clash = await req.payload.find({
    collection: 'users',
    where: { and: [{ username: { equals: normalized } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (clash.totalDocs > 0) {
    throw new ValidationError({ collection: collection.slug, errors: [{ path: 'username', message: 'This username is already taken.' }] })
  }
  return { ...data, username: normalized }
}
