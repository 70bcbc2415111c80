import { createHash, randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A new personal access token (`mrp_` + 60 base62 characters), shown to its owner once. */
export function newPersonalAccessToken(): string {
  const bytes = randomBytes(60)
  let out = 'mrp_'
  for (const b of bytes) out += ALPHABET[b % 62]
  return out
}

/** Tokens are stored only as their sha256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
