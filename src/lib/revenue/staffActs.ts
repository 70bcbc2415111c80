import type { Payload } from 'payload'
import { z } from 'zod'

import { canManageRevenue, type Actor } from '../../access/core/roles'
import { isLookupKey } from '../data/viewer'
import { RevenueError } from '../../plugins/revenue/service/errors'
import { holdBalance, releaseBalance } from '../../plugins/revenue/service/holds'

/*
 * The staff acts of /admin/revenue/{id} (issue 30), behind the server actions of
 * src/components/admin/revenue/actions.ts: who may act (staff, as the session says — never the form),
 * what the form says (zod). The acts themselves (the account lock, the record of who did what and
 * why) are the revenue service's (src/plugins/revenue/service/holds.ts).
 */

export const REASON_MAX = 1000

const Input = z.object({
  act: z.enum(['hold', 'release']),
  userId: z.string().trim().min(1).max(64).refine(isLookupKey),
  reason: z.string().trim().min(1).max(REASON_MAX),
})

export type RevenueStaffActOutcome =
  | { ok: true; act: 'hold' | 'release'; userId: string }
  | { ok: false; error: 'forbidden' | 'invalid' | 'reason' }
  /** The revenue service's own refusal (already held, not held, no such user), shown as it is. */
  | { ok: false; error: 'revenue'; message: string }

/** Holds or releases a balance for `actor` — the signed-in user of the request, or null — from untrusted input. */
export async function runRevenueStaffAct(payload: Payload, actor: Actor | null, raw: unknown): Promise<RevenueStaffActOutcome> {
  if (!actor || !canManageRevenue(actor)) return { ok: false, error: 'forbidden' }
  const parsed = Input.safeParse(raw)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.path[0] === 'reason' ? 'reason' : 'invalid' }
  const { act, userId, reason } = parsed.data
  try {
    if (act === 'hold') await holdBalance(payload, actor.id, { userId, reason })
    else await releaseBalance(payload, actor.id, { userId, reason })
  } catch (error) {
    if (error instanceof RevenueError) return { ok: false, error: 'revenue', message: error.message }
    throw error
  }
  return { ok: true, act, userId }
}
