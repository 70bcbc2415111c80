import { createPayloadRequest, type SanitizedConfig } from 'payload'

import { ALL_SCOPES, hasScope, isTokenStrategy, RESTRICTED_SCOPES, type ScopeName, Scopes } from '../../../access/core/scopes'
import { unauthorized, type V2Error } from './errors'
import { touchSession } from '../../../lib/auth/sessions'
import { scopesOf, type AuthUser } from '../../../lib/data'

/**
 * The `Authorization` header as our strategies read it. Modrinth clients send the token bare or
 * after `Bearer `; personal access tokens (`mrp_…`) are read either way by the PAT strategy, and a
 * bare session token (a Payload JWT) becomes `Bearer <jwt>`. A blank header means anonymous.
 */
export function normalizeAuthorization(value: string | null): string | null {
  const raw = (value ?? '').trim()
  if (!raw) return null
  const scheme = /^(bearer|jwt)(?:\s+(.*))?$/i.exec(raw)
  const token = (scheme ? (scheme[2] ?? '') : raw).trim()
  if (!token) return null
  if (token.startsWith('mrp_') || token.startsWith('mro_')) return token
  return scheme && scheme[1].toUpperCase() === 'JWT' ? `JWT ${token}` : `Bearer ${token}`
}

const CREDENTIAL_HEADERS = ['cookie', 'origin', 'sec-fetch-site'] as const

/**
 * Runs every auth strategy (PAT, JWT, session cookie) through `createPayloadRequest`. Without any
 * credential the request is anonymous and no strategy needs to run.
 */
export async function authenticate(request: Request, payloadConfig: Promise<SanitizedConfig> | SanitizedConfig): Promise<AuthUser | null> {
  const authorization = normalizeAuthorization(request.headers.get('authorization'))
  const cookie = request.headers.get('cookie')
  if (!authorization && !cookie?.includes('-token=')) return null
  const headers = new Headers()
  if (authorization) headers.set('authorization', authorization)
  for (const h of CREDENTIAL_HEADERS) {
    const v = request.headers.get(h)
    if (v) headers.set(h, v)
  }
  const req = await createPayloadRequest({ config: payloadConfig, request: new Request(request.url, { headers }) })
  const user = (req.user as AuthUser | null) ?? null
  touchSession(req.payload, user?._sid)
  return user
}

/**
 * Scopes labrinth checks inside a handler rather than at its door (`user_auth_get`: email and payout
 * data; `user_edit`: payout settings): passing a route's door never implies them.
 */
const DISCLOSURES = (['USER_READ_EMAIL', 'PAYOUTS_READ', 'PAYOUTS_WRITE', 'ANALYTICS'] as const).reduce((a, n) => a | Scopes[n], 0n)
/** What a token acts with once it passed a route's door: everything but session-only acts and disclosures. */
const ACTING = ALL_SCOPES & ~RESTRICTED_SCOPES & ~DISCLOSURES

/**
 * The caller as a route sees them. labrinth checks a token's scopes once, at the route's door
 * (`get_user_from_headers(.., required_scopes)`), then acts as the token's user: a token lacking them
 * is anonymous (or refused, where the route needs a user); a token holding them acts on what its
 * user may, a draft of its own included, whatever the collections' own read scopes say.
 * Sessions carry every scope.
 */
export function withScopes(user: AuthUser | null, scopes: readonly ScopeName[] | undefined): AuthUser | null {
  if (!user || !isTokenStrategy(user._strategy)) return user
  const held = scopesOf(user)
  if (!(scopes ?? []).every((s) => hasScope(held, s))) return null
  return { ...user, _scopes: String(held | ACTING) }
}

/** The scopes of `scopes` a credential lacks (all of them for an anonymous caller). */
export function missingScopes(user: AuthUser | null, scopes: readonly ScopeName[] | undefined): ScopeName[] {
  const held = user ? scopesOf(user) : 0n
  return (scopes ?? []).filter((s) => !hasScope(held, s))
}

/**
 * labrinth's 401 when a route needs a user: `unauthorized` with its own words ("Authentication error:
 * Invalid Authentication Credentials" for a token without the scopes, "… Authentication method was
 * not valid" without a credential), followed here by the scopes the route needs.
 */
export function authRefusal(user: AuthUser | null, scopes: readonly ScopeName[] | undefined): V2Error {
  const lacking = missingScopes(user, scopes)
  const what = user ? 'Invalid Authentication Credentials' : 'Authentication method was not valid'
  const hint = lacking.length ? ` (this route needs a session, or a token with the ${lacking.join(', ')} scope${lacking.length > 1 ? 's' : ''})` : ''
  return unauthorized(`Authentication error: ${what}${hint}`)
}
