import type { Payload } from 'payload'

import type { PayoutRail } from '../rails/types'
import { inTransaction, sql } from './db'
import { applyPayout } from './payout'

export type RailWebhookResult = 'applied' | 'replayed' | 'ignored'

/**
 * A rail's webhook event, exactly once (billing's pattern): the signature is checked on the raw
 * body (the rail throws `WebhookRejected`), then the event id is recorded and its change applied in
 * one transaction. A replay finds the id and changes nothing; an event about a withdrawal of
 * another rail, or one already settled, is recorded and ignored; a failure rolls both back and
 * reaches the caller (5xx, so the rail sends it again).
 */
export async function receiveRailWebhook(payload: Payload, rail: PayoutRail, rawBody: string, headers: Headers): Promise<RailWebhookResult> {
  const event = await rail.verifyWebhook(rawBody, headers)
  return inTransaction(payload, async (tx) => {
    const recorded = await tx.one(sql`
      INSERT INTO revenue_rail_events (rail, event_id, type, withdrawal_id) VALUES (${rail.name}, ${event.id}, ${event.type}, ${event.withdrawalId})
      ON CONFLICT (rail, event_id) DO NOTHING RETURNING event_id`)
    if (!recorded) return 'replayed'
    if (!event.outcome || !event.withdrawalId) return 'ignored'
    const applied = await applyPayout(tx, { withdrawalId: event.withdrawalId, rail: event.rail ?? rail.name, outcome: event.outcome })
    return applied === 'stale' || applied === 'pending' ? 'ignored' : 'applied'
  })
}
