import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { AuthUser } from '../data/viewer'
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

/** The signed-in user of a request (session cookie, or a token), or null. */
export async function userOf(payload: Payload, headers: Headers): Promise<AuthUser | null> {
  const { user } = await payload.auth({ headers })
  touchSession(payload, (user as AuthUser | null)?._sid)
  return (user as AuthUser | null) ?? null
}
