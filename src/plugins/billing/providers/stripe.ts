/**
 * The Stripe provider: the `stripe` SDK used directly (not @payloadcms/plugin-stripe, whose client
 * cannot be pointed at a test server). Stripe keeps customers and cards; our charges table decides
 * when to take money, so every payment here is an off-session PaymentIntent.
 */
import Stripe from 'stripe'

import { WebhookRejected, type CardBrand, type PaymentOutcome, type PaymentProvider, type ProviderEvent, type ProviderMethod, type RefundOutcome } from './types'

export type StripeProviderOptions = { secretKey: string; webhookSecret: string; host?: string; port?: number; protocol?: 'http' | 'https' }

// Stripe's `card.brand` values that are spelled differently from ours (the rest are identical).
const CARD_BRAND_ALIASES: Record<string, CardBrand> = { eftpos_au: 'eftpos' }
const SAME_NAME_BRANDS = new Set<string>(['amex', 'diners', 'discover', 'jcb', 'mastercard', 'unionpay', 'visa'])
// Payment method types that are not cards but that the spec lists as brands.
const METHOD_TYPE_BRANDS = new Set<string>(['amazon_pay', 'cashapp', 'paypal'])

export function stripeBrand(method: Pick<Stripe.PaymentMethod, 'type' | 'card'>): CardBrand {
  if (METHOD_TYPE_BRANDS.has(method.type)) return method.type as CardBrand
  const brand = method.card?.brand ?? 'unknown'
  if (SAME_NAME_BRANDS.has(brand)) return brand as CardBrand
  return CARD_BRAND_ALIASES[brand] ?? 'unknown' // `link`, `cartes_bancaires` and future brands
}

function toMethod(method: Stripe.PaymentMethod): ProviderMethod {
  // Wallets such as PayPal carry no card number or expiry: '' and 0 stand for "none".
  return { id: method.id, brand: stripeBrand(method), last4: method.card?.last4 ?? '', expMonth: method.card?.exp_month ?? 0, expYear: method.card?.exp_year ?? 0 }
}

function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentId: intent.id }
    case 'processing':
    case 'requires_capture': // authorised, captured later: the webhook tells the end
      return { status: 'processing', paymentId: intent.id }
    case 'requires_action':
      // Nobody is there to complete 3-D Secure off session: the customer must pay on the site.
      return { status: 'failed', paymentId: intent.id, message: 'Your card needs authentication: pay from your billing page to confirm it.' }
    default:
      return { status: 'failed', paymentId: intent.id, message: intent.last_payment_error?.message ?? `The payment could not be completed (${intent.status}).` }
  }
}

export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  // The SDK pins its own API version (stripe 18.5: 2025-08-27.basil) and retries network errors
  // twice; the idempotency keys we pass make those retries safe.
  const stripe = new Stripe(options.secretKey, { host: options.host, port: options.port, protocol: options.protocol })

  return {
    name: 'stripe',
    testMode: !/^(sk|rk)_live_/.test(options.secretKey),

    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create({ email: email ?? undefined, metadata: { userId } })
      return { customerId: customer.id }
    },

    async beginCardSetup(customerId) {
      const intent = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session' })
      return { clientSecret: intent.client_secret }
    },

    async attachMethod(customerId, token) {
      return toMethod(await stripe.paymentMethods.attach(token, { customer: customerId }))
    },

    async listMethods(customerId) {
      const list = await stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })
      return list.data.map(toMethod)
    },

    async setDefaultMethod(customerId, methodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: methodId } })
    },

    async detachMethod(methodId) {
      await stripe.paymentMethods.detach(methodId)
    },

    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.methodId,
            confirm: true,
            off_session: true,
            // Since 2023-08-16 intents accept every dashboard method; confirming one that may redirect
            // needs a return_url, which an off-session renewal has no use for.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        )
        return outcomeOf(intent)
      } catch (error) {
        // A decline is an answer, not a fault: Stripe sends it as HTTP 402 with the failed intent.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = (error.payment_intent ?? null) as Stripe.PaymentIntent | null
          return { status: 'failed', paymentId: intent?.id ?? null, message: error.message || 'Your card was declined.' }
        }
        throw error
      }
    },

    async refund(request): Promise<RefundOutcome> {
      try {
        const refund = await stripe.refunds.create({ payment_intent: request.paymentId, amount: request.amount, metadata: request.metadata }, { idempotencyKey: request.idempotencyKey })
        if (refund.status === 'succeeded') return { status: 'succeeded', refundId: refund.id }
        if (refund.status === 'failed' || refund.status === 'canceled') return { status: 'failed', refundId: refund.id, message: refund.failure_reason ?? `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'}.` }
        return { status: 'pending', refundId: refund.id } // pending, requires_action: the webhook settles it
      } catch (error) {
        // Already refunded, more than what is left …: staff see Stripe's reason.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'failed', refundId: null, message: error.message }
        throw error
      }
    },

    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!signature) throw new WebhookRejected('Missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret)
      } catch (error) {
        throw new WebhookRejected(error instanceof Error ? error.message : 'Invalid Stripe signature')
      }
      const object = event.data.object as unknown as Omit<ProviderEvent['object'], 'payment_intent'> & { payment_intent?: string | { id: string } | null }
      // A refund's payment_intent may arrive expanded: the handler wants the id either way.
      const paymentIntent = object.payment_intent
      return { id: event.id, type: event.type, object: typeof paymentIntent === 'object' && paymentIntent !== null ? { ...object, payment_intent: paymentIntent.id } : (object as ProviderEvent['object']) }
    },
  }
}
