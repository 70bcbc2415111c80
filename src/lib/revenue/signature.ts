import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed webhook bodies: an HMAC-SHA256 in hex. The test rail signs `t=<unix seconds>,v1=<hex>`
 * over `<t>.<raw body>` (Stripe's scheme: a replay after the tolerance is refused); Tremendous
 * signs the bare body (`hmacHex` and `sameHex` serve its adapter).
 */
export const hmacHex = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('hex')

/** Constant-time comparison of two hex digests. */
export function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]+$/i.test(a) || !/^[0-9a-f]+$/i.test(b) || a.length !== b.length) return false
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'))
}

export function signTimestamped(secret: string, rawBody: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000)
  return `t=${t},v1=${hmacHex(secret, `${t}.${rawBody}`)}`
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string }

export function verifyTimestamped(secret: string, rawBody: string, header: string | null, now: Date = new Date(), toleranceSeconds = 300): SignatureCheck {
  if (!header) return { ok: false, reason: 'No signature.' }
  const parts = new Map(header.split(',').map((p) => [p.slice(0, p.indexOf('=')).trim(), p.slice(p.indexOf('=') + 1).trim()] as const))
  const t = Number(parts.get('t'))
  const v1 = parts.get('v1') ?? ''
  if (!Number.isInteger(t)) return { ok: false, reason: 'No timestamp in the signature.' }
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return { ok: false, reason: 'The signature is too old.' }
  if (!sameHex(hmacHex(secret, `${t}.${rawBody}`), v1)) return { ok: false, reason: 'The signature does not match.' }
  return { ok: true }
}
