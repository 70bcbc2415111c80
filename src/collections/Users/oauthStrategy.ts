import type { AuthStrategy } from 'payload'

import { markOAuthTokenUsed } from '../../lib/db/lastUse'
import { relationId } from '../../lib/ids'
import { hashToken } from '../../lib/tokens'

/**
 * `Authorization: [Bearer ]mro_…`: an access token issued to an OAuth application. The user is
 * narrowed to the scopes they granted (`_scopes`, as for personal access tokens); an expired token,
 * or one of an app the user revoked (its tokens are deleted), is anonymous.
 */
export const oauthStrategy: AuthStrategy = {
  name: 'oauth',
  authenticate: async ({ headers, payload }) => {
    const raw = (headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim()
    if (!raw.startsWith('mro_')) return { user: null }
    const token = (
      await payload.find({ collection: 'oauth-tokens', where: { tokenHash: { equals: hashToken(raw) } }, limit: 1, depth: 0, overrideAccess: true })
    ).docs[0]
    if (!token || new Date(token.expiresAt) < new Date()) return { user: null }
    const user = await payload.findByID({ collection: 'users', id: relationId(token.user) ?? '', depth: 0, overrideAccess: true, disableErrors: true })
    if (!user) return { user: null }
    markOAuthTokenUsed(payload, token.id)
    return { user: { ...user, collection: 'users', _strategy: 'oauth', _scopes: token.scopes } }
  },
}
