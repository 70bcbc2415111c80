import type { Endpoint } from 'payload'

import { WebhookRejected } from './rails/types'
import { railFor } from './service/rails'
import { receiveRailWebhook } from './service/webhook'

/**
 * POST /api/revenue/webhook/:rail — a payout rail's events (payouts paid, failed, cancelled,
 * returned). 404 for a rail this instance does not offer; 400 and no change for an unsigned, forged
 * or stale event; 500 when applying fails, so the rail sends it again.
 */
export const railWebhookEndpoint: Endpoint = {
  path: '/revenue/webhook/:rail',
  method: 'post',
  handler: async (req) => {
    const rail = railFor(req.payload, req.routeParams?.rail)
    if (!rail) return Response.json({ error: 'No such payout rail.' }, { status: 404 })
    const raw = req.text ? await req.text() : ''
    try {
      const result = await receiveRailWebhook(req.payload, rail, raw, req.headers)
      return Response.json({ received: true, result })
    } catch (error) {
      if (error instanceof WebhookRejected) return Response.json({ error: 'Invalid webhook signature.' }, { status: 400 })
      req.payload.logger.error({ err: error, msg: 'Payout rail webhook failed', rail: rail.name })
      return Response.json({ error: 'The event could not be applied.' }, { status: 500 })
    }
  },
}
