import { createHash } from 'node:crypto'

import { signTimestamped, verifyTimestamped } from '../../../lib/revenue/signature'
import { type PayoutOutcome, type PayoutRail, type RailEvent, WebhookRejected } from './types'

/**
 * The test rail: the rail when no real one is configured (DESIGN.md "Money"). No money moves and no
 * network is needed, but it reports each payout the way a real rail does — a signed webhook event
 * through the same handler (verification, de-duplication, the ledger's moves) — and never in the
 * answer to `send` itself. Stateless: a payout's fate is written into its destination (fail@… fails,
 * unclaimed@… waits to be claimed and can be cancelled, any other address is paid).
 */
export const TEST_RAIL_FAILING_DESTINATION = 'fail@example.test'
/** A payout to this address waits to be claimed (as PayPal's unclaimed items do): in transit until cancelled. */
export const TEST_RAIL_UNCLAIMED_DESTINATION = 'unclaimed@example.test'
export const TEST_RAIL_SIGNATURE_HEADER = 'blockforge-signature'
const FAILED_REASON = 'The test rail refused this destination (fail@example.test always fails).'
const CANCELLED_REASON = 'The payout was cancelled before it was claimed.'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const digest = (text: string, n = 24) => createHash('sha256').update(text).digest('hex').slice(0, n)
const payoutIdOf = (withdrawalId: string) => `tpo_${digest(withdrawalId)}`
const fateOf = (destination: string, railPayoutId: string): PayoutOutcome =>
  destination === TEST_RAIL_FAILING_DESTINATION ? { status: 'failed', railPayoutId, reason: FAILED_REASON }
  : destination === TEST_RAIL_UNCLAIMED_DESTINATION ? { status: 'pending', railPayoutId }
  : { status: 'succeeded', railPayoutId }

type Deliver = (rawBody: string, headers: Headers) => Promise<void>
type TestEventBody = { id: string; type: string; created: number; data: { withdrawalId: string; payoutId: string; reason?: string } }

export function testRail(options: { webhookSecret: string; deliver: Deliver }): PayoutRail {
  const { webhookSecret, deliver } = options

  async function emit(withdrawalId: string, outcome: PayoutOutcome): Promise<void> {
    const type = `payout.${outcome.status}`
    const body: TestEventBody = {
      id: `tev_${digest(`${type}:${withdrawalId}`)}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { withdrawalId, payoutId: outcome.railPayoutId ?? payoutIdOf(withdrawalId), ...('reason' in outcome ? { reason: outcome.reason } : {}) },
    }
    const raw = JSON.stringify(body)
    await deliver(raw, new Headers({ [TEST_RAIL_SIGNATURE_HEADER]: signTimestamped(webhookSecret, raw) }))
  }

  return {
    name: 'test',
    testMode: true,
    destination(raw) {
      const email = raw.trim().toLowerCase()
      return EMAIL.test(email) && email.length <= 254 ? email : null
    },
    async send(request) {
      const railPayoutId = payoutIdOf(request.withdrawalId)
      // Accepted now; the outcome arrives as a webhook, as it would from PayPal or Tremendous (an
      // unclaimed one has none yet).
      const fate = fateOf(request.destination, railPayoutId)
      if (fate.status !== 'pending') await emit(request.withdrawalId, fate)
      return { status: 'pending', railPayoutId }
    },
    async status(request) {
      return fateOf(request.destination, request.railPayoutId ?? payoutIdOf(request.withdrawalId))
    },
    async cancel(request) {
      // As PayPal: only a payout still waiting to be claimed can be stopped; anything else stays as it is.
      const railPayoutId = request.railPayoutId ?? payoutIdOf(request.withdrawalId)
      const fate = fateOf(request.destination, railPayoutId)
      return fate.status === 'pending' ? { status: 'cancelled', railPayoutId, reason: CANCELLED_REASON } : fate
    },
    verifyWebhook(rawBody, headers): RailEvent {
      const check = verifyTimestamped(webhookSecret, rawBody, headers.get(TEST_RAIL_SIGNATURE_HEADER))
      if (!check.ok) throw new WebhookRejected(check.reason)
      let body: TestEventBody
      try {
        body = JSON.parse(rawBody) as TestEventBody
      } catch {
        throw new WebhookRejected('The body is not JSON.')
      }
      if (typeof body?.id !== 'string' || typeof body.type !== 'string') throw new WebhookRejected('Not an event.')
      const withdrawalId = typeof body.data?.withdrawalId === 'string' ? body.data.withdrawalId : null
      const railPayoutId = typeof body.data?.payoutId === 'string' ? body.data.payoutId : null
      const reason = typeof body.data?.reason === 'string' && body.data.reason ? body.data.reason : 'The rail gave no reason.'
      const outcome: PayoutOutcome | null =
        body.type === 'payout.succeeded' ? { status: 'succeeded', railPayoutId }
        : body.type === 'payout.failed' || body.type === 'payout.cancelled' || body.type === 'payout.returned' ? { status: body.type.slice(7) as 'failed' | 'cancelled' | 'returned', railPayoutId, reason }
        : null
      return { id: body.id, type: body.type, withdrawalId, outcome }
    },
  }
}
