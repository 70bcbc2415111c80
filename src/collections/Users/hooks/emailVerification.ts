import type { CollectionBeforeChangeHook } from 'payload'

/**
 * A new email address is unverified until its owner follows the link sent to it: changing the
 * address drops the verified mark and any outstanding verification token (for the old address).
 */
export const resetVerificationOnEmailChange: CollectionBeforeChangeHook = ({ data, operation, originalDoc }) => {
  if (operation !== 'update' || !originalDoc || data.email === undefined) return data
  const before = String(originalDoc.email ?? '').toLowerCase()
  const after = String(data.email ?? '').toLowerCase()
  if (before === after) return data
  return { ...data, emailVerified: false, emailVerification: { tokenHash: null, sentAt: null } }
}
