import type { Payload, PayloadRequest } from 'payload'

import { clientAddress } from '../http/clientAddress'
import { consume } from '../ratelimit/store'

export type AccountEmailAllowance = { ok: true } | { ok: false; retryAfterMinutes: number; retryAfterSeconds: number }

/**
 * One account email asked for by this client (and, for a resend, this account). Returns the time to
 * wait when the limit is used up. Calls from inside the process (no address) are not counted.
 */
export async function accountEmailAllowed(payload: Payload, headers: Headers, userId?: string): Promise<AccountEmailAllowance> {
  const address = clientAddress(headers)
  const checks: Parameters<typeof consume>[1] = []
  if (address !== 'unknown') checks.push(['accountEmail', `addr:${address}`])
  if (userId) checks.push(['accountEmail', `user:${userId}`])
  if (!checks.length) return { ok: true }
  const refusal = await consume(payload, checks)
  return refusal ? { ok: false, retryAfterSeconds: refusal.retryAfterSeconds, retryAfterMinutes: Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)) } : { ok: true }
}

/*
 * Payload's own mail-sending operations (forgot-password on REST and GraphQL) are limited by the
 * login-protection plugin with the same allowance. A site form that counted already marks the request
 * it hands to Payload, so one mail is not counted twice. `context` is set by server code only: no
 * request from outside can carry the mark.
 */
const COUNTED = 'accountEmailCounted'

export const markAccountEmailCounted = (req: Pick<PayloadRequest, 'context'>): void => {
  req.context[COUNTED] = true
}

export const accountEmailCounted = (req: Pick<PayloadRequest, 'context'>): boolean => req.context?.[COUNTED] === true
