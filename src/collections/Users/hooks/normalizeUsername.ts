import { ValidationError, type CollectionBeforeValidateHook } from 'payload'

import { usernameProblem } from '../../../lib/auth/usernameProblem'

/** Usernames are unique case-insensitively: stored lower-case, a clash in any case is a field error. */
export const normalizeUsername: CollectionBeforeValidateHook = async ({ data, req, originalDoc, collection, operation }) => {
  if (!data || typeof data.username !== 'string') return data
  // Payload's resetPassword runs this hook with the stored user as `data` and no `originalDoc`: the
  // user's own id then comes from `data` (on update only; a create cannot name whom to exclude).
  const selfId = originalDoc?.id ?? (operation === 'update' ? (data as { id?: string }).id : undefined)
  const problem = await usernameProblem(req.payload, data.username, { req, selfId })
  if (problem) throw new ValidationError({ collection: collection.slug, errors: [{ path: 'username', message: problem }] })
  return { ...data, username: data.username.trim().toLowerCase() }
}
