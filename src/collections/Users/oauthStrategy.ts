import { markOAuthTokenUsed } from '../../lib/db/lastUse'
import { bearerTokenStrategy } from './tokenStrategy'

/**
 * `Authorization: [Bearer ]mro_…`: an access token issued to an OAuth application, the user narrowed
 * to the scopes they granted; a revoked or deleted app's tokens are gone.
 */
export const oauthStrategy = bearerTokenStrategy({ name: 'oauth', prefix: 'mro_', collection: 'oauth-tokens', markUsed: markOAuthTokenUsed })
