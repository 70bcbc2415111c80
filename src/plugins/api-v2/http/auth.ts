import { createPayloadRequest, type SanitizedConfig } from 'payload'

import { hasScope, type ScopeName } from '../../../access/scopes'
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
 * The caller as a route sees them: a personal access token lacking the route's scopes reads as
 * anonymous (labrinth's optional authentication); sessions carry every scope.
 */
export function withScopes(user: AuthUser | null, scopes: readonly ScopeName[] | undefined): AuthUser | null {
  if (!user || !scopes?.length) return user
  const held = scopesOf(user)
  return scopes.every((s) => hasScope(held, s)) ? user : null
}
