import { APIError, type Payload } from 'payload'

import type { AuthUser } from '../data/viewer'
import { requestFor } from './request'
import { fieldErrorsOf, signInInput } from './schemas'
import { isSecondFactorInvalid, isSecondFactorRequired, secondFactorRetryAfter } from './twoFactor'

export type SignInResult =
  | { ok: true; token: string; user: AuthUser }
  | {
      ok: false
      fields?: Record<string, string>
      form?: 'signInFailed' | 'tooManyAttempts' | 'signInUnavailable'
      retryAfterMinutes?: number
      /** The password was right; the account asks for its second factor (again, when `fields.code` says it was wrong). */
      twoFactor?: true
    }

/**
 * Signs in with a username or an email and a password through Payload's own login, so the rate
 * limits and the equal answer for unknown accounts (src/plugins/login-protection) apply as on /api.
 * Unknown user and wrong password give the same `signInFailed`.
 *
 * An account with two-factor on answers `twoFactor` until the code comes with the password (the Users
 * collection's `beforeLogin` checks it, on every way in).
 */
export async function signIn(payload: Payload, input: unknown, headers: Headers): Promise<SignInResult> {
  const parsed = signInInput.safeParse(input)
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error) }
  const { identifier, password, code } = parsed.data
  const req = await requestFor(payload, headers)
  if (code) req.context.secondFactorCode = code
  try {
    // Payload looks a username up as a username or an email (loginWithUsername.allowEmailLogin).
    const result = await payload.login({ collection: 'users', data: { username: identifier, password }, req, overrideAccess: false, depth: 0 })
    if (!result.token || !result.user) return { ok: false, form: 'signInFailed' }
    return { ok: true, token: result.token, user: { ...(result.user as AuthUser), collection: 'users' } }
  } catch (err) {
    if (isSecondFactorRequired(err)) return { ok: false, twoFactor: true }
    if (isSecondFactorInvalid(err)) return { ok: false, twoFactor: true, fields: { code: 'twoFactorInvalid' } }
    const limited = secondFactorRetryAfter(err)
    if (limited !== null) return { ok: false, twoFactor: true, form: 'tooManyAttempts', retryAfterMinutes: Math.max(1, Math.ceil(limited / 60)) }
    if (err instanceof APIError && err.status === 429) {
      const seconds = Number(req.responseHeaders?.get('Retry-After')) || 60
      return { ok: false, form: 'tooManyAttempts', retryAfterMinutes: Math.max(1, Math.ceil(seconds / 60)) }
    }
    if (err instanceof APIError && (err.status === 401 || err.status === 400 || err.status === 403)) return { ok: false, form: 'signInFailed' }
    throw err
  }
}
