import type { CollectionBeforeOperationHook } from 'payload'

import { accountEmailAllowed, accountEmailCounted } from '../../lib/auth/emailLimit'
import { refuse } from './refuse'

/**
 * Every door to Payload's forgot-password (REST `POST /api/users/forgot-password`, GraphQL
 * `forgotPasswordUser`, the admin panel's form) gets the site's account-email limit per address
 * (issue 27 M4): past it, 429 with `Retry-After` and no mail. Counted per address whatever the account,
 * like the site's form, so the answer says nothing about who exists. The site's form counts before
 * answering and marks its request (src/lib/auth/recovery.ts).
 */
export const limitAccountMail: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'forgotPassword' || accountEmailCounted(req)) return args
  const allowed = await accountEmailAllowed(req.payload, req.headers)
  if (!allowed.ok) refuse(req, allowed.retryAfterSeconds)
  return args
}
