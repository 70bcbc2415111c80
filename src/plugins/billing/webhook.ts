import type { Endpoint } from 'payload'

import { WebhookRejected } from './providers/types'
import { provider } from './service/provider'
import { receiveWebhook } from './service/webhook'

/**
 * POST /api/billing/webhook — Stripe's events (payments succeeding or failing). 400 and no change
 * for an unsigned, forged or stale event; 500 when applying fails, so Stripe sends it again.
 */
export const webhookEndpoint: Endpoint = {
  path: '/billing/webhook',
  method: 'post',
  handler: async (req) => {
    const raw = req.text ? await req.text() : ''
    try {
      const result = await receiveWebhook(req.payload, provider(req.payload), raw, req.headers.get('stripe-signature'))
      return Response.json({ received: true, result })
    } catch (error) {
      if (error instanceof WebhookRejected) return Response.json({ error: 'Invalid webhook signature.' }, { status: 400 })
      req.payload.logger.error({ err: error, msg: 'Billing webhook failed' })
      return Response.json({ error: 'The event could not be applied.' }, { status: 500 })
    }
  },
}
