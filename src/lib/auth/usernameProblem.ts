import type { Payload, PayloadRequest } from 'payload'

import { USERNAME_PATTERN } from '../slugs'

/**
 * What the Users collection says against a username (its rules, or taken in any case), or null. Its
 * `normalizeUsername` hook refuses with this; the site's sign-up asks it too when the email is taken
 * and no account is created, so both cases answer alike.
 */
export async function usernameProblem(payload: Payload, username: string, options: { req?: PayloadRequest; selfId?: string | number } = {}): Promise<string | null> {
  if (!USERNAME_PATTERN.test(username.trim())) return 'Usernames are 1–39 characters: letters, digits, "-" and "_".'
  const { req, selfId } = options
  const clash = await payload.find({
    collection: 'users',
    where: { and: [{ username: { equals: username.trim().toLowerCase() } }, ...(selfId ? [{ id: { not_equals: selfId } }] : [])] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return clash.totalDocs > 0 ? 'This username is already taken.' : null
}
