import { ValidationError, type CollectionBeforeValidateHook } from 'payload'

import { USERNAME_PATTERN } from '../../../lib/slugs'

/** Usernames are unique case-insensitively: stored lower-case, a clash in any case is a field error. */
export const normalizeUsername: CollectionBeforeValidateHook = async ({ data, req, originalDoc, collection, operation }) => {
  if (!data || typeof data.username !== 'string') return data
  const username = data.username.trim()
  if (!USERNAME_PATTERN.test(username)) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'username', message: 'Usernames are 1–39 characters: letters, digits, "-" and "_".' }],
    })
  }
  const normalized = username.toLowerCase()
  // Payload's resetPassword runs this hook with the stored user as `data` and no `originalDoc`: the
  // user's own id then comes from `data` (on update only; a create cannot name whom to exclude).
  const selfId = originalDoc?.id ?? (operation === 'update' ? (data as { id?: string }).id : undefined)
  const clash = await req.payload.find({
    collection: 'users',
    where: { and: [{ username: { equals: normalized } }, ...(selfId ? [{ id: { not_equals: selfId } }] : [])] },
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
