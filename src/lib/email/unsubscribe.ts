import { createHmac, timingSafeEqual } from 'node:crypto'

import { z } from 'zod'

import { EMAIL_KINDS, type EmailKind } from '../notifications/kinds'

/*
 * Unsubscribe links (issue 34): `<user id>.<kind>.<signature>`, an HMAC of both under the site's
 * secret, so the link works without signing in and cannot be made for another user or kind. It never
 * expires: a mail read months later must still unsubscribe (RFC 8058 asks the same of one-click).
 */
const sign = (secret: string, userId: string, kind: EmailKind) => createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url')

export function unsubscribeToken(secret: string, userId: string, kind: EmailKind): string {
  return `${userId}.${kind}.${sign(secret, userId, kind)}`
}

const tokenShape = z.string().max(200).regex(/^[A-Za-z0-9_-]+\.[a-z_]+\.[A-Za-z0-9_-]+$/)

/** The user and kind a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(secret: string, raw: unknown): { userId: string; kind: EmailKind } | null {
  const parsed = tokenShape.safeParse(raw)
  if (!parsed.success) return null
  const [userId, kind, signature] = parsed.data.split('.')
  if (!(EMAIL_KINDS as readonly string[]).includes(kind)) return null
  const expected = Buffer.from(sign(secret, userId, kind as EmailKind))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { userId, kind: kind as EmailKind }
}

/** The page a mail's unsubscribe link opens, and the address its List-Unsubscribe header names (one-click POST). */
export const unsubscribeUrls = (siteUrl: string, token: string) => ({
  page: `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
  oneClick: `${siteUrl}/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
})
