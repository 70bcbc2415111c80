import type { CollectionAfterOperationHook, CollectionBeforeLoginHook, CollectionBeforeOperationHook } from 'payload'

import { endSessions } from '../../../lib/auth/sessions'
import { SecondFactorInvalid, SecondFactorRequired, twoFactorEnabled, verifySecondFactor } from '../../../lib/auth/twoFactor'

/**
 * Where a sign-in's second factor comes from: the site's own sign-in form (`context`), or an API
 * client's `totp` beside the password in the body of `POST /api/users/login`, or the
 * `X-Two-Factor-Code` header. GraphQL's login has no place for it, so it cannot sign in an account
 * with two-factor on; the admin panel's form neither — its error says to sign in on the site.
 */
function codeOf(req: Parameters<CollectionBeforeLoginHook>[0]['req']): string | null {
  const fromContext = req.context?.secondFactorCode
  if (typeof fromContext === 'string' && fromContext) return fromContext
  const fromBody = (req.data as { totp?: unknown } | undefined)?.totp
  if (typeof fromBody === 'string' && fromBody) return fromBody
  return req.headers?.get('x-two-factor-code') || null
}

/**
 * Runs after the password has been checked, on every way in (site, /api, GraphQL, /admin, Local
 * API): an account with two-factor on needs a valid code too. Throwing here rolls the sign-in back,
 * session included.
 */
export const requireSecondFactor: CollectionBeforeLoginHook = async ({ req, user }) => {
  // Payload's password reset runs the sign-in hooks too; its session is withheld instead (below).
  if (req.context?.resettingPassword) return user
  const id = String(user.id)
  if (!(await twoFactorEnabled(req.payload, id, req))) return user
  const code = codeOf(req)
  if (!code) throw new SecondFactorRequired()
  if (!(await verifySecondFactor(req.payload, id, code, req))) throw new SecondFactorInvalid()
  return user
}

/** Marks a password reset, so the second-factor check leaves it to `withholdResetSession`. */
export const noteResetPassword: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'resetPassword') req.context.resettingPassword = true
  return args
}

/**
 * Payload's password reset signs the user in (`token` in its answer). For an account with two-factor
 * on that would skip the second factor: the session is ended and no token is handed out; they sign
 * in with the new password and a code.
 */
export const withholdResetSession: CollectionAfterOperationHook = async ({ operation, result, req }) => {
  if (operation !== 'resetPassword' || !result) return result
  const userId = (result as { user?: { id?: string } }).user?.id
  if (!userId || !(await twoFactorEnabled(req.payload, userId, req))) return result
  await endSessions(req.payload, userId, [], { req })
  return { ...result, token: undefined }
}
