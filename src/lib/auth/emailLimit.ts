import type { Payload } from 'payload'

import { clientAddress } from '../http/clientAddress'
import { consume } from '../ratelimit/store'

/**
 * One account email asked for by this client (and, for a resend, this account). Returns the minutes
 * to wait when the limit is used up. Calls from inside the process (no address) are not counted.
 */
export async function accountEmailAllowed(payload: Payload, headers: Headers, userId?: string): Promise<{ ok: true } | { ok: false; retryAfterMinutes: number }> {
  const address = clientAddress(headers)
  const checks: Parameters<typeof consume>[1] = []
  if (address !== 'unknown') checks.push(['accountEmail', `addr:${address}`])
  if (userId) checks.push(['accountEmail', `user:${userId}`])
  if (!checks.length) return { ok: true }
  const refusal = await consume(payload, checks)
  return refusal ? { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)) } : { ok: true }
}
