import { randomBytes } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'

import { env } from '../env'
import { verificationEmail } from '../email/templates'
import { hashToken } from '../tokens'
import { VERIFICATION_TOKEN_DAYS } from './limits'
import { verificationToken } from './schemas'

export type VerifyOutcome = 'verified' | 'alreadyVerified' | 'failed'

/**
 * Sends a fresh verification link to the user's address. Only the token's hash is stored, so a
 * database leak hands out no links; a new link replaces the previous one.
 */
export async function sendVerificationEmail(payload: Payload, userId: string, req?: PayloadRequest): Promise<boolean> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, req, disableErrors: true })
  if (!user?.email || user.emailVerified) return false
  const token = randomBytes(32).toString('base64url')
  await payload.update({
    collection: 'users',
    id: userId,
    data: { emailVerification: { tokenHash: hashToken(token), sentAt: new Date().toISOString() } },
    overrideAccess: true,
    depth: 0,
    req,
  })
  const mail = verificationEmail(env.siteUrl(), user.username ?? '', token)
  await payload.sendEmail({ to: user.email, subject: mail.subject, html: mail.html, text: mail.text })
  return true
}

/**
 * Follows a verification link. The token is kept after use, so following the link again says
 * "already verified" rather than failing; an expired link, a replaced one, or one for an address
 * that has since changed fails.
 */
export async function verifyEmailToken(payload: Payload, rawToken: unknown): Promise<VerifyOutcome> {
  const parsed = verificationToken.safeParse(rawToken)
  if (!parsed.success) return 'failed'
  const found = await payload.find({
    collection: 'users',
    where: { 'emailVerification.tokenHash': { equals: hashToken(parsed.data) } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const user = found.docs[0]
  if (!user) return 'failed'
  if (user.emailVerified) return 'alreadyVerified'
  const sentAt = user.emailVerification?.sentAt ? Date.parse(user.emailVerification.sentAt) : NaN
  if (!Number.isFinite(sentAt) || Date.now() - sentAt > VERIFICATION_TOKEN_DAYS * 86_400_000) return 'failed'
  await payload.update({ collection: 'users', id: user.id, data: { emailVerified: true }, overrideAccess: true, depth: 0 })
  return 'verified'
}
