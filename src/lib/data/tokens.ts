import { parseScopes, scopeNames, type ScopeName } from '../../access/core/scopes'
import { as, type Viewer } from './viewer'

export type TokenSummary = { id: string; name: string; scopes: ScopeName[]; created: string; expires: string; lastUsed: string | null }

/** The viewer's own personal access tokens, newest first (never anyone else's, even for admins). */
export async function listOwnTokens(viewer: Viewer): Promise<TokenSummary[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({ collection: 'access-tokens', where: { user: { equals: viewer.user.id } }, sort: '-createdAt', limit: 0, depth: 0, ...as(viewer) })
  return docs.map((d) => ({ id: d.id, name: d.name, scopes: scopeNames(parseScopes(d.scopes)), created: d.createdAt, expires: d.expiresAt, lastUsed: d.lastUsed ?? null }))
}
