import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** `prefix` + `length` random base62 characters (randomInt draws without modulo bias). */
function randomSecret(prefix: string, length: number): string {
  let out = prefix
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(62)]
  return out
}

/** A new personal access token (`mrp_` + 60 base62 characters), shown to its owner once. */
export const newPersonalAccessToken = () => randomSecret('mrp_', 60)
/** An access token issued to an OAuth application (`mro_`, as labrinth's). */
export const newOAuthAccessToken = () => randomSecret('mro_', 60)
/** An OAuth application's client secret, shown to its creator once. */
export const newClientSecret = () => randomSecret('', 32)
/** A single-use authorization code. */
export const newAuthorizationCode = () => randomSecret('', 32)

/** Tokens are stored only as their sha256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Compares a presented secret with the expected one in constant time (hashed first, so lengths do not show). */
export function secretsEqual(presented: string | null | undefined, expected: string): boolean {
  if (presented == null || !expected) return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
