import type { Payload } from 'payload'

import { applyOutcome, type Applied } from './apply'
import { db, inTransaction, sql } from './db'
import { customerOf, type MethodRow } from './methods'
import { perksChanged } from './perks'
import { provider } from './provider'
import { num, type ChargeRow } from './rows'

/**
 * Pays a charge the caller has claimed (`processing`, attempt counted) with a saved card, then
 * applies the outcome. The idempotency key is the charge and its attempt: a request retried after
 * a lost answer (or a run that died mid-way and is picked up again) is answered by the provider
 * with the first result, never paid twice. A provider that cannot be reached leaves the charge
 * `processing`; the renewal job tries again with the same key.
 */
export async function attemptCharge(payload: Payload, charge: ChargeRow, method: MethodRow | null, now = new Date()): Promise<Applied | 'unreachable'> {
  const attempt = num(charge.attempts)
  const amount = num(charge.amount)
  if (amount === 0) {
    return inTransaction(payload, (tx) => applyOutcome(tx, { chargeId: charge.id, attempt, outcome: { status: 'succeeded', paymentId: `free_${charge.id}` }, now }))
  }
  if (!method) {
    return inTransaction(payload, (tx) => applyOutcome(tx, { chargeId: charge.id, attempt, outcome: { status: 'failed', paymentId: null, message: 'No payment method on file.' }, now }))
  }
  const p = provider(payload)
  let outcome
  try {
    const customerId = await customerOf(payload, { id: charge.user_id })
    outcome = await p.charge({
      customerId,
      methodId: method.provider_id,
      amount,
      currency: charge.currency.toLowerCase(),
      idempotencyKey: `charge_${charge.id}_${attempt}`,
      metadata: { chargeId: charge.id, userId: charge.user_id, chargeType: charge.type, attempt: String(attempt) },
    })
  } catch (error) {
    payload.logger.error({ err: error, msg: 'Payment provider unreachable', charge: charge.id })
    return 'unreachable'
  }
  const applied = await inTransaction(payload, (tx) => applyOutcome(tx, { chargeId: charge.id, attempt, outcome, now }))
  if (applied === 'succeeded') await perksChanged(payload, [charge.user_id])
  // Test mode's webhook (and a fast real one) may have applied this very outcome first: say what it was.
  if (applied === 'stale' && outcome.status !== 'processing') {
    const stored = await db(payload).one<{ status: string; attempts: string }>(sql`SELECT status, attempts FROM charges WHERE id = ${charge.id}`)
    if (stored && num(stored.attempts) === attempt && (stored.status === 'succeeded' || stored.status === 'failed')) return stored.status
  }
  return applied
}
