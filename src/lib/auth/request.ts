import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { AuthUser } from '../data/viewer'
import { isSessionUser, withoutAuthorization } from './browserSession'
import { touchSession } from './sessions'

/**
 * A Local API request carrying the browser request's headers: the sign-in rate limits read the
 * client address from them (src/plugins/login-protection) and `payload.auth` the session cookie.
 */
export async function requestFor(payload: Payload, headers: Headers, user: AuthUser | null = null): Promise<PayloadRequest> {
  const req = await createLocalReq({ req: { headers } as Partial<PayloadRequest>, user: user ?? undefined }, payload)
  req.user = user
  return req
}

/**
 * The signed-in user of a site request (pages, route handlers, server actions): the browser's session
 * cookie only, or null. An `Authorization` header of any kind reads as signed out, so a token never
 * acts as its user here nor trades itself for a session (src/lib/auth/browserSession.ts); /v2 and /api
 * read tokens themselves, with their scopes.
 */
export async function userOf(payload: Payload, headers: Headers): Promise<AuthUser | null> {
  const { user } = await payload.auth({ headers: withoutAuthorization(headers) })
  const session = (user as AuthUser | null) ?? null
  if (!isSessionUser(session)) return null
  touchSession(payload, session._sid)
  return session
}
