import type { Payload } from 'payload'

import { base62Id } from '../../../lib/ids'
import type { PaymentOutcome, PaymentProvider, ProviderEvent } from '../providers/types'
import { applyOutcome } from './apply'
import { inTransaction, sql } from './db'

export type WebhookResult = 'applied' | 'replayed' | 'ignored'

/** The payment outcome an event reports, or null for events billing does not act on. */
function outcomeOf(event: ProviderEvent): PaymentOutcome | null {
  const { object } = event
  if (event.type === 'payment_intent.succeeded') return { status: 'succeeded', paymentId: object.id }
  if (event.type === 'payment_intent.payment_failed') return { status: 'failed', paymentId: object.id, message: object.last_payment_error?.message || 'The payment failed.' }
  if (event.type === 'payment_intent.processing') return { status: 'processing', paymentId: object.id }
  return null
}

/**
 * A webhook event, exactly once: the signature is checked on the raw body (the provider throws
 * `WebhookRejected`), then the event id is recorded and its change applied in one transaction. A
 * replay finds the id and changes nothing; a failure rolls both back and reaches the caller (5xx,
 * so the provider sends it again).
 */
export async function receiveWebhook(payload: Payload, provider: PaymentProvider, rawBody: string, signature: string | null): Promise<WebhookResult> {
  const event = provider.verifyWebhook(rawBody, signature)
  return inTransaction(payload, async (tx) => {
    const recorded = await tx.one(sql`
      INSERT INTO billing_events (id, provider, event_id, type, updated_at, created_at)
      VALUES (${base62Id()}, ${provider.name}, ${event.id}, ${event.type}, now(), now())
      ON CONFLICT (event_id) DO NOTHING RETURNING id`)
    if (!recorded) return 'replayed'
    const outcome = outcomeOf(event)
    const chargeId = event.object.metadata?.chargeId
    if (!outcome || !chargeId) return 'ignored'
    const attempt = Number(event.object.metadata?.attempt)
    await applyOutcome(tx, { chargeId, attempt: Number.isInteger(attempt) ? attempt : null, outcome })
    return 'applied'
  })
}
