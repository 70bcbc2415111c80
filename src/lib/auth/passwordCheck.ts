import { pbkdf2, timingSafeEqual } from 'node:crypto'
import type { Payload } from 'payload'

import { consume, forgive } from '../ratelimit/store'
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

export type PasswordCheck = { ok: true } | { ok: false; retryAfterMinutes?: number }

/**
 * `isCurrentPassword` for the account settings forms, with a limit per account (as many tries as a
 * sign-in gets, per 10 minutes): a right password clears the count; past the limit even the right
 * one waits.
 */
export async function checkCurrentPassword(payload: Payload, userId: string, password: string): Promise<PasswordCheck> {
  const refusal = await consume(payload, [['passwordCheck', userId]])
  if (refusal) return { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)) }
  if (!(await isCurrentPassword(payload, userId, password))) return { ok: false }
  await forgive(payload, 'passwordCheck', userId, true)
  return { ok: true }
}
