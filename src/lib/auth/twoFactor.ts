import { APIError, type Payload, type PayloadRequest } from 'payload'
import QRCode from 'qrcode'

import { withContext } from '../db/scopedContext'
import { consume, forgive } from '../ratelimit/store'
import { endSessions } from './sessions'
import { checkTotp, hashBackupCode, looksLikeBackupCode, newBackupCodes, newTotpSecret, totpUri } from './totp'

/** Sign-in stops after the password: the account has two-factor on and no code came with it. */
export class SecondFactorRequired extends APIError {
  constructor() {
    super('Two-factor authentication is on for this account: sign in on the site, or send the code from your authenticator app as `totp`.', 401, { twoFactorRequired: true }, true)
  }
}

/** The code sent was not the app's current code nor an unused backup code. */
export class SecondFactorInvalid extends APIError {
  constructor() {
    super('That two-factor code is not valid.', 401, { twoFactorInvalid: true }, true)
  }
}

/** Too many codes tried for the account: the same answer for right and wrong codes until it passes. */
export class SecondFactorLimited extends APIError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`, 429, { twoFactorLimited: true, retryAfterSeconds }, true)
  }
}

/*
 * Which second-factor refusal an error is, read from its data rather than its class: the Users hook
 * that throws it and the site's sign-in that catches it can sit in different server bundles, each
 * with its own copy of these classes, where `instanceof` fails (seen: the sign-in page answered
 * "Incorrect email, username or password" for a right password on a two-factor account).
 */
const dataOf = (err: unknown): Record<string, unknown> | undefined =>
  err && typeof err === 'object' && 'data' in err && err.data && typeof err.data === 'object' ? (err.data as Record<string, unknown>) : undefined

export const isSecondFactorRequired = (err: unknown): boolean => dataOf(err)?.twoFactorRequired === true
export const isSecondFactorInvalid = (err: unknown): boolean => dataOf(err)?.twoFactorInvalid === true
/** Seconds to wait when the error is the second-factor limit; null for any other error. */
export function secondFactorRetryAfter(err: unknown): number | null {
  const data = dataOf(err)
  return data?.twoFactorLimited === true && typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : null
}

type Stored = { twoFactorEnabled?: boolean | null; username?: string | null; twoFactor?: { secret?: string | null; pendingSecret?: string | null; backupCodes?: unknown; lastStep?: number | null } | null }

async function stored(payload: Payload, userId: string, req?: PayloadRequest): Promise<Stored | null> {
  return (await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, showHiddenFields: true, disableErrors: true, req })) as Stored | null
}
// `internal` for this write only: a sign-in's own request goes on to other writes (withContext).
const save = (payload: Payload, userId: string, data: Record<string, unknown>, req?: PayloadRequest) =>
  payload.update({ collection: 'users', id: userId, data, depth: 0, overrideAccess: true, ...(req ? { req: withContext(req, { internal: true }) } : { context: { internal: true } }) })

const hashesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((h): h is string => typeof h === 'string') : [])

/** Inside a sign-in, pass its `req`: the lookup then uses the sign-in's own transaction, not a second connection. */
export const twoFactorEnabled = async (payload: Payload, userId: string, req?: PayloadRequest) => !!(await stored(payload, userId, req))?.twoFactorEnabled

/** Step one of turning it on: a new secret, kept as pending until a code from the app proves it. */
export async function beginTwoFactorSetup(payload: Payload, userId: string): Promise<{ secret: string; uri: string; qrSvg: string } | null> {
  const user = await stored(payload, userId)
  if (!user || user.twoFactorEnabled) return null
  const secret = newTotpSecret()
  await save(payload, userId, { twoFactor: { ...user.twoFactor, pendingSecret: secret } })
  const uri = totpUri(secret, user.username ?? userId)
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) }
}

/** Counts a code attempt for the account; throws once the account has used up its attempts. */
async function countAttempt(payload: Payload, userId: string) {
  const refusal = await consume(payload, [['secondFactor', userId]])
  if (refusal) throw new SecondFactorLimited(refusal.retryAfterSeconds)
}

/**
 * Step two: a code from the app for the pending secret turns two-factor on. Answers the backup
 * codes (shown once), or null for a wrong code.
 *
 * In the same write every other session of the account ends: from now on a live session is one
 * that passed the second factor (the launcher hand-off relies on it). `keepSession`, the session
 * that proved the app's code, stays signed in.
 */
export async function confirmTwoFactorSetup(payload: Payload, userId: string, code: string, options: { keepSession?: string | null; at?: number } = {}): Promise<string[] | null> {
  await countAttempt(payload, userId)
  const user = await stored(payload, userId)
  const pending = user?.twoFactor?.pendingSecret
  if (!user || user.twoFactorEnabled || !pending) return null
  const step = checkTotp(pending, code, options.at ?? Date.now())
  if (step === null) return null
  const codes = newBackupCodes()
  const data = { twoFactorEnabled: true, twoFactor: { secret: pending, pendingSecret: null, backupCodes: codes.map(hashBackupCode), lastStep: step } }
  await endSessions(payload, userId, options.keepSession ? [options.keepSession] : [], { data })
  await forgive(payload, 'secondFactor', userId, true)
  return codes
}

/**
 * Checks a second factor for the account: the app's current code (each time step once) or an unused
 * backup code, which is then spent. Every attempt counts toward the account's limit.
 */
export async function verifySecondFactor(payload: Payload, userId: string, code: string, req?: PayloadRequest, at = Date.now()): Promise<boolean> {
  await countAttempt(payload, userId)
  const user = await stored(payload, userId, req)
  const tf = user?.twoFactor
  if (!user?.twoFactorEnabled || !tf?.secret) return false
  const typed = code.trim()
  if (looksLikeBackupCode(typed)) {
    const hashes = hashesOf(tf.backupCodes)
    const hash = hashBackupCode(typed)
    if (!hashes.includes(hash)) return false
    await save(payload, userId, { twoFactor: { ...tf, backupCodes: hashes.filter((h) => h !== hash) } }, req)
  } else {
    const step = checkTotp(tf.secret, typed, at, tf.lastStep ?? null)
    if (step === null) return false
    await save(payload, userId, { twoFactor: { ...tf, lastStep: step } }, req)
  }
  await forgive(payload, 'secondFactor', userId, true)
  return true
}

/** Turns two-factor off, with a current code or a backup code. */
export async function disableTwoFactor(payload: Payload, userId: string, code: string): Promise<boolean> {
  if (!(await verifySecondFactor(payload, userId, code))) return false
  await save(payload, userId, { twoFactorEnabled: false, twoFactor: { secret: null, pendingSecret: null, backupCodes: null, lastStep: null } })
  return true
}

/** Backup codes left (shown in account settings). */
export async function backupCodesLeft(payload: Payload, userId: string): Promise<number> {
  return hashesOf((await stored(payload, userId))?.twoFactor?.backupCodes).length
}
