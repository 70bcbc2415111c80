import type { AuthStrategy, Payload } from 'payload'

import { relationId } from '../../lib/ids'
import { hashToken } from '../../lib/tokens'

type StoredToken = { id: string | number; user: unknown; expiresAt: string; scopes: string }

/**
 * `Authorization: [Bearer ]<prefix>…`: a token stored as its sha256 (personal access tokens `mrp_`,
 * applications' OAuth tokens `mro_`). Runs on every request, so it returns at once for anything
 * else. The user comes narrowed to the token's scopes (`_scopes`, see src/access/core/scopes.ts); an
 * expired or deleted token is anonymous. Last use is one column, never awaited (src/lib/db/lastUse.ts).
 */
export function bearerTokenStrategy(opts: { name: 'pat' | 'oauth'; prefix: string; collection: 'access-tokens' | 'oauth-tokens'; markUsed: (payload: Payload, id: string | number) => void }): AuthStrategy {
  return {
    name: opts.name,
    authenticate: async ({ headers, payload }) => {
      const raw = (headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim()
      if (!raw.startsWith(opts.prefix)) return { user: null }
      const found = await payload.find({ collection: opts.collection, where: { tokenHash: { equals: hashToken(raw) } }, limit: 1, depth: 0, overrideAccess: true })
      const token = found.docs[0] as StoredToken | undefined
      if (!token || new Date(token.expiresAt) < new Date()) return { user: null }
      const userId = relationId(token.user)
      const user = userId ? await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, disableErrors: true }) : null
      if (!user) return { user: null }
      opts.markUsed(payload, token.id)
      return { user: { ...user, collection: 'users', _strategy: opts.name, _scopes: token.scopes } }
    },
  }
}
