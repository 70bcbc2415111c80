import { APIError, type Payload } from 'payload'

import type { AuthUser } from '../data/viewer'
import { requestFor } from './request'
import { fieldErrorsOf, signInInput } from './schemas'

export type SignInResult =
  | { ok: true; token: string; user: AuthUser }
  | { ok: false; fields?: Record<string, string>; form?: 'signInFailed' | 'tooManyAttempts' | 'signInUnavailable'; retryAfterMinutes?: number }

/**
 * Signs in with a username or an email and a password through Payload's own login, so the rate
 * limits and the equal answer for unknown accounts (src/plugins/login-protection) apply as on /api.
 * Unknown user and wrong password give the same `signInFailed`.
 *
 * Seam for later work (two-factor, external providers): a second step would go between a successful
 * password check and handing out the session token here.
 */
export async function signIn(payload: Payload, input: unknown, headers: Headers): Promise<SignInResult> {
  const parsed = signInInput.safeParse(input)
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error) }
  const { identifier, password } = parsed.data
  const req = await requestFor(payload, headers)
  try {
    // Payload looks a username up as a username or an email (loginWithUsername.allowEmailLogin).
    const result = await payload.login({ collection: 'users', data: { username: identifier, password }, req, overrideAccess: false, depth: 0 })
    if (!result.token || !result.user) return { ok: false, form: 'signInFailed' }
    return { ok: true, token: result.token, user: { ...(result.user as AuthUser), collection: 'users' } }
  } catch (err) {
    if (err instanceof APIError && err.status === 429) {
      const seconds = Number(req.responseHeaders?.get('Retry-After')) || 60
      return { ok: false, form: 'tooManyAttempts', retryAfterMinutes: Math.max(1, Math.ceil(seconds / 60)) }
    }
    if (err instanceof APIError && (err.status === 401 || err.status === 400 || err.status === 403)) return { ok: false, form: 'signInFailed' }
    throw err
  }
}
