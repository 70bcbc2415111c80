import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeOperationHook } from 'payload'

import { endSessions } from '../../../lib/auth/sessions'

/**
 * With a new password the user may also revoke every personal access token (`revokeTokens: true`
 * beside `password` in the update): the settings page asks.
 */
export const noteRevokeTokens: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const data = (args as { data?: Record<string, unknown> }).data
  if (operation !== 'update' || !data || !('revokeTokens' in data)) return args
  const revoke = data.revokeTokens === true && typeof data.password === 'string'
  const { revokeTokens: _, ...rest } = data
  if (revoke) req.context.revokeTokens = true
  return { ...args, data: rest }
}

/** A password change is noted here; the sessions are pruned once the change is saved. */
export const notePasswordChange: CollectionBeforeChangeHook = ({ data, operation, context }) => {
  if (operation === 'update' && typeof data.password === 'string' && data.password) context.passwordChanged = true
  return data
}

/**
 * A new password ends every other session of the account (a thief signed in elsewhere is out);
 * the session that made the change stays. An admin's reset ends them all.
 */
export const endOtherSessions: CollectionAfterChangeHook = async ({ doc, req, context }) => {
  if (!context.passwordChanged) return doc
  context.passwordChanged = false
  const user = req.user as { id?: string; _sid?: string } | null
  const keep = user && user.id === doc.id ? user._sid : undefined
  await endSessions(req.payload, doc.id, keep ? [keep] : [], { req })
  if (req.context.revokeTokens) {
    req.context.revokeTokens = false
    await req.payload.delete({ collection: 'access-tokens', where: { user: { equals: doc.id } }, overrideAccess: true, req })
  }
  return doc
}
