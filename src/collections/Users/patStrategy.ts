import { markTokenUsed } from '../../lib/db/lastUse'
import { bearerTokenStrategy } from './tokenStrategy'

/** `Authorization: [Bearer ]mrp_…`: a personal access token. */
export const patStrategy = bearerTokenStrategy({ name: 'pat', prefix: 'mrp_', collection: 'access-tokens', markUsed: (payload, id) => markTokenUsed(payload, String(id)) })
