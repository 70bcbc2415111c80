import { createHash, randomInt } from 'node:crypto'

import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30
const ISSUER = 'Blockforge'

const totpFor = (secret: string, label = '') => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) })

/** A new shared secret (160 bits, base32), kept until the user proves their app has it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

/** The `otpauth://` address an authenticator app scans (as a QR code) or takes by hand. */
export const totpUri = (secret: string, accountName: string): string => totpFor(secret, accountName).toString()

/** The code for a moment (tests and the setup page's own check). */
export const totpCode = (secret: string, at = Date.now()): string => totpFor(secret).generate({ timestamp: at })

/**
 * Checks a 6-digit code against the secret, allowing one step of clock drift either way. Returns the
 * time step the code belongs to, or null. A code for a step at or before `usedStep` is refused, so a
 * code seen over someone's shoulder cannot be used a second time.
 */
export function checkTotp(secret: string, code: string, at = Date.now(), usedStep: number | null = null): number | null {
  const digits = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(digits)) return null
  const delta = totpFor(secret).validate({ token: digits, timestamp: at, window: 1 })
  if (delta === null) return null
  const step = Math.floor(at / 1000 / PERIOD) + delta
  return usedStep !== null && step <= usedStep ? null : step
}

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** One-time backup codes (`xxxxx-xxxxx`), shown once; only their hashes are kept. */
export function newBackupCodes(count = 8): string[] {
  return Array.from({ length: count }, () => {
    let s = ''
    for (let i = 0; i < 10; i++) s += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]
    return `${s.slice(0, 5)}-${s.slice(5)}`
  })
}

/** Backup codes are compared by hash, whatever the case or dashes typed. */
export const hashBackupCode = (code: string): string => createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex')

/** A typed second factor: an app code or a backup code. */
export const looksLikeBackupCode = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim())
