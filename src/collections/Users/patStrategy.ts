import type { AuthStrategy } from 'payload'

import { relationId } from '../../lib/ids'
import { markTokenUsed } from '../../lib/db/lastUse'
import { hashToken } from '../../lib/tokens'

/**
 * `Authorization: mrp_…` (with or without `Bearer `): a personal access token. Runs on every request,
 * so it returns at once for anything that is not a PAT. The token's scopes ride on the user as `_scopes`.
 */
export const patStrategy: AuthStrategy = {
  name: 'pat',
  authenticate: async ({ headers, payload }) => {
    const raw = (headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim()
    if (!raw.startsWith('mrp_')) return { user: null }
    const pat = (
      await payload.find({ collection: 'access-tokens', where: { tokenHash: { equals: hashToken(raw) } }, limit: 1, depth: 0, overrideAccess: true })
    ).docs[0]
    if (!pat || new Date(pat.expiresAt) < new Date()) return { user: null }
    const userId = relationId(pat.user)
    if (!userId) return { user: null }
    const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, disableErrors: true })
    if (!user) return { user: null }
    // Last use is bookkeeping: one column, not awaited (src/lib/db/lastUse.ts says why not a Payload update).
    markTokenUsed(payload, pat.id)
    return { user: { ...user, collection: 'users', _strategy: 'pat', _scopes: pat.scopes } }
  },
}
