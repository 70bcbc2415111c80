import { APIError, ValidationError, type Payload } from 'payload'

import { accountEmailAllowed } from './emailLimit'
import { requestFor } from './request'
import { fieldErrorsOf, signUpInput } from './schemas'
import { signIn, type SignInResult } from './signIn'
import { sendVerificationEmail } from './verification'

export type SignUpResult =
  | { ok: true; token: string; userId: string; verificationSent: boolean }
  | { ok: false; fields?: Record<string, string>; form?: string; retryAfterMinutes?: number }

/** The collection's field errors (username rules, "This username is already taken.", a taken email), by field. */
function collectionFieldErrors(err: ValidationError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of err.data?.errors ?? []) out[e.path] ??= e.message
  return out
}

/**
 * Creates an account as an anonymous visitor would through /api (`overrideAccess: false`: the
 * collection's create access and write rules decide, so nobody signs up as an admin), signs it in
 * and sends the verification link. A mail failure does not undo the account: the "verify your
 * email" banner offers to send the link again.
 */
export async function signUp(payload: Payload, input: unknown, headers: Headers): Promise<SignUpResult> {
  const parsed = signUpInput.safeParse(input)
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error) }
  const { username, email, password, subscribe } = parsed.data
  const allowed = await accountEmailAllowed(payload, headers)
  if (!allowed.ok) return { ok: false, form: 'tooManyAttempts', retryAfterMinutes: allowed.retryAfterMinutes }
  const req = await requestFor(payload, headers)
  let userId: string
  try {
    const user = await payload.create({ collection: 'users', data: { username, email, password, subscribedToUpdates: subscribe }, overrideAccess: false, req, depth: 0 })
    userId = user.id
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, fields: collectionFieldErrors(err) }
    if (err instanceof APIError && err.status < 500) return { ok: false, form: err.message }
    throw err
  }
  const session: SignInResult = await signIn(payload, { identifier: username, password }, headers)
  if (!session.ok) return { ok: false, form: session.form ?? 'signInFailed', retryAfterMinutes: session.retryAfterMinutes }
  let verificationSent = false
  try {
    verificationSent = await sendVerificationEmail(payload, userId)
  } catch (err) {
    payload.logger.error({ err, msg: 'Could not send the verification email after sign-up' })
  }
  return { ok: true, token: session.token, userId, verificationSent }
}
