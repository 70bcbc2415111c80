import { pbkdf2, randomBytes } from 'node:crypto'

/**
 * Payload's local strategy hashes a password with PBKDF2-SHA256, 25,000 iterations, 512 bytes
 * (payload/dist/auth/strategies/local/authenticate.js). For an unknown account it skips that work and
 * answers at once: a stopwatch then tells which usernames exist. Hashing a throwaway password at the
 * same cost makes both answers take about as long.
 */
export const PAYLOAD_PBKDF2 = { iterations: 25_000, keyLength: 512, digest: 'sha256' } as const

const salt = randomBytes(32).toString('hex')

export function dummyPasswordHash(password: unknown): Promise<void> {
  const input = typeof password === 'string' ? password : ''
  return new Promise((resolve) => pbkdf2(input, salt, PAYLOAD_PBKDF2.iterations, PAYLOAD_PBKDF2.keyLength, PAYLOAD_PBKDF2.digest, () => resolve()))
}

/** The account a sign-in names, as Payload looks it up (trimmed, lower-case; username or email). */
export function loginIdentifier(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null
  const { username, email } = data as { username?: unknown; email?: unknown }
  const raw = typeof username === 'string' && username.trim() ? username : typeof email === 'string' ? email : ''
  const id = raw.toLowerCase().trim()
  return id || null
}
