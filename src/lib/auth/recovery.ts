import { APIError, type Payload } from 'payload'

import { fieldErrorsOf, resetPasswordInput, resetRequestInput } from './schemas'
import { accountEmailAllowed, markAccountEmailCounted } from './emailLimit'
import { requestFor } from './request'
import { endSessions } from './sessions'

export type ResetRequestResult = { ok: true } | { ok: false; fields?: Record<string, string>; form?: 'tooManyAttempts'; retryAfterMinutes?: number }
export type ResetResult = { ok: true } | { ok: false; fields?: Record<string, string>; form?: 'resetTokenInvalid' }

/**
 * Step 1: mails a reset link to the account named by an email or a username. The answer is the same
 * whether or not such an account exists (Payload's forgotPassword is silent about unknown accounts,
 * and its errors are swallowed here), so the form cannot be used to find out who has an account.
 */
/**
 * `run` decides when the lookup and the mail happen. The site passes Next's `after()`, so the answer
 * goes out before them and takes as long for an unknown account as for a real one (sending mail is
 * slow); tests run it in line to see its effect.
 */
export type RunTask = (task: () => Promise<void>) => void | Promise<void>

export async function requestPasswordReset(payload: Payload, input: unknown, headers: Headers, run: RunTask = (task) => task()): Promise<ResetRequestResult> {
  const parsed = resetRequestInput.safeParse(input)
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error) }
  // Counted per address whatever the account: the limit says nothing about who exists.
  const allowed = await accountEmailAllowed(payload, headers)
  if (!allowed.ok) return { ok: false, form: 'tooManyAttempts', retryAfterMinutes: allowed.retryAfterMinutes }
  const identifier = parsed.data.identifier.toLowerCase()
  const data = identifier.includes('@') ? { email: identifier } : { username: identifier }
  await run(async () => {
    try {
      const req = await requestFor(payload, headers)
      // Counted above: the plugin's limit on Payload's forgot-password (every other door) skips it.
      markAccountEmailCounted(req)
      await payload.forgotPassword({ collection: 'users', data: data as { email: string }, req, overrideAccess: false, disableEmail: false })
    } catch (err) {
      // A mail server failure or Payload's own refusal must not tell this account apart from an unknown one.
      payload.logger.error({ err, msg: 'Password reset request failed' })
    }
  })
  return { ok: true }
}

/**
 * Step 2: sets the new password with the emailed token. Payload refuses an expired token and one
 * already used (it expires the token on use). Every session of the account ends: whoever reset it
 * may be locking someone out, and the owner signs in afresh with the new password. The link came to the account's address, so that
 * address is now verified too.
 */
export async function resetPassword(payload: Payload, input: unknown, headers: Headers): Promise<ResetResult> {
  const parsed = resetPasswordInput.safeParse(input)
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error) }
  const { token, password } = parsed.data
  let userId: string | undefined
  try {
    const result = await payload.resetPassword({ collection: 'users', data: { token, password }, overrideAccess: false, req: await requestFor(payload, headers) })
    userId = (result.user as { id?: string } | undefined)?.id
  } catch (err) {
    if (err instanceof APIError && err.status < 500) return { ok: false, form: 'resetTokenInvalid' }
    throw err
  }
  if (userId) await endSessions(payload, userId, [], { data: { emailVerified: true } })
  return { ok: true }
}
