import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A new personal access token (`mrp_` + 60 base62 characters), shown to its owner once. */
export function newPersonalAccessToken(): string {
  // randomInt draws without modulo bias.
  let out = 'mrp_'
  for (let i = 0; i < 60; i++) out += ALPHABET[randomInt(62)]
  return out
}

/** Tokens are stored only as their sha256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Compares a presented secret with the expected one in constant time (hashed first, so lengths do not show). */
export function secretsEqual(presented: string | null | undefined, expected: string): boolean {
  if (presented == null || !expected) return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
