import type { CollectionAfterLoginHook, CollectionAfterLogoutHook } from 'payload'

import { recordSession } from '../../../lib/auth/sessions'

/** Every sign-in (site, /admin, /api, GraphQL) notes its device for the sessions page. */
export const noteSessionDetails: CollectionAfterLoginHook = async ({ req, user, token }) => {
  await recordSession(req, String(user.id), token)
  return user
}

/** Signing out ends the session; what was noted about it goes too. */
export const forgetSessionDetails: CollectionAfterLogoutHook = async ({ req }) => {
  const sid = (req.user as { _sid?: string } | null)?._sid
  if (sid) await req.payload.delete({ collection: 'session-details', where: { sid: { equals: sid } }, overrideAccess: true, req })
}
