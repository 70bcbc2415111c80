import type { Payload } from 'payload'

import { createHmac } from 'node:crypto'

import { sessionSecret } from '../../../lib/config/secret'
import { env } from '../../../lib/env'
import type { RailName } from '../../../lib/revenue/fees'
import { paypalRails } from './paypal'
import { testRail } from './test'
import { tremendousRail } from './tremendous'
import type { PayoutRail } from './types'

export type { PayoutRail } from './types'

/** Test mode's webhook secret: derived from the session secret, so nobody outside can sign events. */
export const testRailWebhookSecret = (): string => createHmac('sha256', sessionSecret()).update('revenue-test-rail-webhook').digest('hex')

export type Deliver = (payload: Payload, rail: RailName, rawBody: string, headers: Headers) => Promise<void>

const offered = new WeakMap<Payload, Map<RailName, PayoutRail>>()

/**
 * The payout rails this instance offers, read from the environment on first use. Real rails join
 * when their credentials are set: PayPal and Venmo (through PayPal's payouts) with
 * PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, Tremendous with TREMENDOUS_API_KEY and a campaign or
 * product. With none set, the test rail alone — no money moves and every page says "Test mode";
 * with any set, no test rail (a withdrawal to it would take real balances and pay nothing). The
 * test rail's events go to `deliver` (the handler the HTTP webhook route calls); real rails' come
 * to /api/revenue/webhook/<rail> (PayPal's webhook: /paypal, for Venmo payouts too).
 */
export function railsFor(payload: Payload, deliver: Deliver): Map<RailName, PayoutRail> {
  let rails = offered.get(payload)
  if (rails) return rails
  rails = new Map<RailName, PayoutRail>()
  const paypalId = env.paypalClientId()
  const paypalSecret = env.paypalClientSecret()
  if (paypalId && paypalSecret) {
    const { paypal, venmo } = paypalRails({ clientId: paypalId, clientSecret: paypalSecret, webhookId: env.paypalWebhookId(), apiBase: env.paypalApiBase() })
    rails.set('paypal', paypal)
    rails.set('venmo', venmo)
  }
  const tremendousKey = env.tremendousApiKey()
  const campaignId = env.tremendousCampaignId()
  const productId = env.tremendousProductId()
  if (tremendousKey && (campaignId || productId)) {
    rails.set('tremendous', tremendousRail({ apiKey: tremendousKey, webhookKey: env.tremendousWebhookKey(), campaignId, productId, apiBase: env.tremendousApiBase() }))
  }
  if (rails.size === 0) rails.set('test', testRail({ webhookSecret: testRailWebhookSecret(), deliver: (raw, headers) => deliver(payload, 'test', raw, headers) }))
  offered.set(payload, rails)
  return rails
}
