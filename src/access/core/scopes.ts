import type { PayloadRequest } from 'payload'

/** Personal access token / OAuth scopes (reference §3): bit positions as in Modrinth. */
const names = [
  'USER_READ_EMAIL', 'USER_READ', 'USER_WRITE', 'USER_DELETE', 'USER_AUTH_WRITE', 'NOTIFICATION_READ', 'NOTIFICATION_WRITE',
  'PAYOUTS_READ', 'PAYOUTS_WRITE', 'ANALYTICS', 'PROJECT_CREATE', 'PROJECT_READ', 'PROJECT_WRITE', 'PROJECT_DELETE',
  'VERSION_CREATE', 'VERSION_READ', 'VERSION_WRITE', 'VERSION_DELETE', 'REPORT_CREATE', 'REPORT_READ', 'REPORT_WRITE',
  'REPORT_DELETE', 'THREAD_READ', 'THREAD_WRITE', 'PAT_CREATE', 'PAT_READ', 'PAT_WRITE', 'PAT_DELETE', 'SESSION_READ',
  'SESSION_DELETE', 'PERFORM_ANALYTICS', 'COLLECTION_CREATE', 'COLLECTION_READ', 'COLLECTION_WRITE', 'COLLECTION_DELETE',
  'ORGANIZATION_CREATE', 'ORGANIZATION_READ', 'ORGANIZATION_WRITE', 'ORGANIZATION_DELETE', 'SESSION_ACCESS',
] as const
export type ScopeName = (typeof names)[number]

// Scopes go past bit 31, so they are bigints; stored as decimal strings.
export const Scopes = Object.fromEntries(names.map((n, i) => [n, 1n << BigInt(i)])) as Record<ScopeName, bigint>

/** Session-only scopes that a personal access token may not carry. */
export const RESTRICTED_SCOPES: bigint = (['USER_DELETE', 'USER_AUTH_WRITE', 'PAT_CREATE', 'PAT_READ', 'PAT_WRITE', 'PAT_DELETE', 'SESSION_READ', 'SESSION_DELETE', 'PERFORM_ANALYTICS', 'SESSION_ACCESS'] as ScopeName[])
  .reduce((a, n) => a | Scopes[n], 0n)
export const ALL_SCOPES: bigint = names.reduce((a, n) => a | Scopes[n], 0n)

export const parseScopes = (value: string | number | bigint | null | undefined): bigint => {
  try {
    return BigInt(value ?? 0)
  } catch {
    return 0n
  }
}
export const hasScope = (scopes: bigint, scope: ScopeName) => (scopes & Scopes[scope]) === Scopes[scope]
export const scopeNames = (scopes: bigint): ScopeName[] => names.filter((n) => hasScope(scopes, n))

/** The scopes a personal access token may carry, grouped as the token form shows them. */
export const GRANTABLE_SCOPE_GROUPS = [
  { group: 'user', scopes: ['USER_READ_EMAIL', 'USER_READ', 'USER_WRITE'] },
  { group: 'notification', scopes: ['NOTIFICATION_READ', 'NOTIFICATION_WRITE'] },
  { group: 'payouts', scopes: ['PAYOUTS_READ', 'PAYOUTS_WRITE', 'ANALYTICS'] },
  { group: 'project', scopes: ['PROJECT_CREATE', 'PROJECT_READ', 'PROJECT_WRITE', 'PROJECT_DELETE'] },
  { group: 'version', scopes: ['VERSION_CREATE', 'VERSION_READ', 'VERSION_WRITE', 'VERSION_DELETE'] },
  { group: 'report', scopes: ['REPORT_CREATE', 'REPORT_READ', 'REPORT_WRITE', 'REPORT_DELETE', 'THREAD_READ', 'THREAD_WRITE'] },
  { group: 'collection', scopes: ['COLLECTION_CREATE', 'COLLECTION_READ', 'COLLECTION_WRITE', 'COLLECTION_DELETE'] },
  { group: 'organization', scopes: ['ORGANIZATION_CREATE', 'ORGANIZATION_READ', 'ORGANIZATION_WRITE', 'ORGANIZATION_DELETE'] },
] as const satisfies readonly { group: string; scopes: readonly ScopeName[] }[]
export const isScopeName = (value: string): value is ScopeName => (names as readonly string[]).includes(value)

/**
 * A personal access token's scopes bind on every surface (REST `/api`, GraphQL, `/v2`): a token is
 * the user *narrowed to its scopes*. A session carries every scope. Restricted scopes (token
 * management, password, email, sessions, account deletion) are never granted to tokens, so those
 * operations need a session.
 */
type TokenUser = { _strategy?: string; _scopes?: string | null }

export function scopesOfRequest(req: Pick<PayloadRequest, 'user'>): bigint {
  const user = req.user as TokenUser | null | undefined
  if (!user) return 0n
  return isTokenStrategy(user._strategy) ? parseScopes(user._scopes) : ALL_SCOPES
}

/** Personal access tokens and OAuth applications' tokens carry scopes; a session carries them all. */
export const isTokenStrategy = (strategy: string | undefined) => strategy === 'pat' || strategy === 'oauth'

export const isToken = (req: Pick<PayloadRequest, 'user'>) => isTokenStrategy((req.user as TokenUser | null | undefined)?._strategy)

/** Whether the request may act with any of `scopes` (a session may; a token needs one of them). */
export function canUseScopes(req: Pick<PayloadRequest, 'user'>, scopes: readonly ScopeName[]): boolean {
  if (!isToken(req)) return true
  const held = scopesOfRequest(req)
  return scopes.some((s) => hasScope(held, s))
}
