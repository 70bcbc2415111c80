import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { actorOf, isAdmin } from './core/roles'

/**
 * Accounts are made at /auth/sign-up, which answers alike for a taken and a free email (issue 27 L1),
 * by a sign-in provider, or by an admin. Payload's REST and GraphQL create (and duplicate) of users
 * answer a taken email with "already registered" and a free one with a new account, so for anyone
 * else they are shut — with one answer, whatever the email. The site's own calls (Local API) and
 * Payload's first-user registration (`overrideAccess`) pass.
 */
export const signUpAtTheSite: CollectionBeforeOperationHook = ({ args, operation, overrideAccess, req }) => {
  if (operation !== 'create' || overrideAccess || req.payloadAPI === 'local' || isAdmin(actorOf(req))) return args
  throw new APIError('Accounts are created at /auth/sign-up.', 403, undefined, true)
}
