import { createHmac } from 'node:crypto'
import type { Payload } from 'payload'

import { sessionSecret } from '../../../lib/config/secret'
import { env } from '../../../lib/env'
import { stripeProvider } from './stripe'
import { testProvider } from './test'
import type { PaymentProvider } from './types'

export type { PaymentProvider } from './types'

/** Whether billing runs against Stripe (a secret key is set) or in test mode. */
export const billingTestMode = (): boolean => !env.stripeSecretKey()

function stripeAddress(base: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!base) return {}
  const url = new URL(base)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol }
}

/** Test mode's webhook secret: derived from the session secret, so nobody outside can sign events. */
const testWebhookSecret = () => `whsec_${createHmac('sha256', sessionSecret()).update('billing-test-webhook').digest('hex')}`

const providers = new WeakMap<Payload, PaymentProvider>()

/**
 * The payment provider for this Payload instance. Test mode delivers its events to `deliver`
 * (the same handler the HTTP webhook route calls).
 */
export function providerFor(payload: Payload, deliver: (payload: Payload, rawBody: string, signature: string) => Promise<void>): PaymentProvider {
  let provider = providers.get(payload)
  if (provider) return provider
  const secretKey = env.stripeSecretKey()
  if (secretKey) {
    const webhookSecret = env.stripeWebhookSecret()
    if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set: with STRIPE_SECRET_KEY, Stripe’s webhook signing secret is needed too (README, Billing).')
    provider = stripeProvider({ secretKey, webhookSecret, ...stripeAddress(env.stripeApiBase()) })
  } else {
    provider = testProvider({ webhookSecret: testWebhookSecret(), deliver: (raw, signature) => deliver(payload, raw, signature) })
  }
  providers.set(payload, provider)
  return provider
}
