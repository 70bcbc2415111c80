import { createHash, randomBytes } from 'node:crypto'
import Stripe from 'stripe'

import { type PaymentProvider, type ProviderEvent, type ProviderMethod, WebhookRejected } from './types'

/**
 * Test mode: the provider when no Stripe key is set (DESIGN.md "Money"). No money moves and no
 * network is needed. It offers test cards instead of Stripe's card form (which loads js.stripe.com),
 * and it reports each payment the way Stripe does: a signed webhook event through the same handler,
 * so test mode exercises the verification, the de-duplication and the state changes a real payment
 * does. Stateless: a card's behaviour is written into its id.
 */
export const TEST_CARDS = {
  /** Always pays. */
  test_card_visa: { kind: 'ok', brand: 'visa', last4: '4242' },
  /** Always declined. */
  test_card_declined: { kind: 'declined', brand: 'mastercard', last4: '0002' },
  /** Pays the first charge, declines every renewal. */
  test_card_fails_renewal: { kind: 'renewal', brand: 'visa', last4: '0341' },
} as const satisfies Record<string, { kind: string; brand: ProviderMethod['brand']; last4: string }>
export type TestCardToken = keyof typeof TEST_CARDS
export const isTestCard = (token: string): token is TestCardToken => Object.hasOwn(TEST_CARDS, token)

const DECLINED = 'Your card was declined.'
const digest = (text: string, n = 24) => createHash('sha256').update(text).digest('hex').slice(0, n)
// Only the webhook helpers of the SDK are used (signing and verifying): they make no request.
const stripeOffline = new Stripe('sk_test_offline')

type Deliver = (rawBody: string, signature: string) => Promise<void>

export function testProvider(options: { webhookSecret: string; deliver: Deliver }): PaymentProvider {
  const { webhookSecret, deliver } = options

  async function emit(type: string, object: ProviderEvent['object']): Promise<void> {
    const event = { id: `evt_test_${digest(`${type}:${object.id}`)}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } }
    const payload = JSON.stringify(event)
    await deliver(payload, stripeOffline.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }))
  }

  return {
    name: 'test',
    testMode: true,
    async createCustomer() {
      return { customerId: `tcus_${randomBytes(9).toString('base64url')}` }
    },
    async beginCardSetup() {
      return { clientSecret: null }
    },
    async attachMethod(_customerId, token) {
      if (!isTestCard(token)) throw new Error('Unknown test card.')
      const card = TEST_CARDS[token]
      return { id: `tpm_${card.kind}_${randomBytes(9).toString('base64url')}`, brand: card.brand, last4: card.last4, expMonth: 12, expYear: new Date().getUTCFullYear() + 8 }
    },
    async listMethods() {
      return [] // the site keeps its own list (payment-methods); nothing to sync in test mode
    },
    async setDefaultMethod() {},
    async detachMethod() {},
    async charge(request) {
      const paymentId = `tpi_${digest(request.idempotencyKey)}`
      const kind = request.methodId.split('_')[1]
      const declined = kind === 'declined' || (kind === 'renewal' && request.metadata.chargeType === 'renewal')
      const object = { id: paymentId, object: 'payment_intent', amount: request.amount, metadata: request.metadata }
      if (declined) {
        await emit('payment_intent.payment_failed', { ...object, status: 'requires_payment_method', last_payment_error: { message: DECLINED } })
        return { status: 'failed', paymentId, message: DECLINED }
      }
      await emit('payment_intent.succeeded', { ...object, status: 'succeeded' })
      return { status: 'succeeded', paymentId }
    },
    async refund(request) {
      return { status: 'succeeded', refundId: `tre_${digest(request.idempotencyKey)}` }
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookRejected('No signature.')
      try {
        const event = stripeOffline.webhooks.constructEvent(rawBody, signature, webhookSecret)
        return { id: event.id, type: event.type, object: event.data.object as unknown as ProviderEvent['object'] }
      } catch (error) {
        throw new WebhookRejected(error instanceof Error ? error.message : 'Invalid signature.')
      }
    },
  }
}
