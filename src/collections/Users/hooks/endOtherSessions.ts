import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

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
  const stored = await req.payload.findByID({ collection: 'users', id: doc.id, depth: 0, overrideAccess: true, req, showHiddenFields: true })
  const sessions = (stored.sessions ?? []).filter((s) => s.id === keep)
  await req.payload.update({ collection: 'users', id: doc.id, data: { sessions }, overrideAccess: true, req, depth: 0 })
  return doc
}
