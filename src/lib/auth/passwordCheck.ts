import { pbkdf2, timingSafeEqual } from 'node:crypto'
import type { Payload } from 'payload'

import { PAYLOAD_PBKDF2 } from './equalTimeLogin'

/**
 * Whether `password` is the account's current one, checked as Payload's local strategy checks it
 * (pbkdf2 of the stored salt, constant-time compare) — without signing in, so no session is made.
 * Asked before an email change, a password change and an account deletion.
 */
export async function isCurrentPassword(payload: Payload, userId: string, password: string): Promise<boolean> {
  if (!password) return false
  const user = (await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, showHiddenFields: true, disableErrors: true })) as { hash?: string; salt?: string } | null
  if (!user?.hash || !user.salt) return false
  const derived = await new Promise<Buffer | null>((resolve) => pbkdf2(password, user.salt!, PAYLOAD_PBKDF2.iterations, PAYLOAD_PBKDF2.keyLength, PAYLOAD_PBKDF2.digest, (err, key) => resolve(err ? null : key)))
  const stored = Buffer.from(user.hash, 'hex')
  return !!derived && derived.length === stored.length && timingSafeEqual(derived, stored)
}
