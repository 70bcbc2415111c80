// The Stripe provider against a local Stripe-compatible server, through the real `stripe` SDK. No
// Payload here: the provider is a plain object over the SDK.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { stripeBrand, stripeProvider } from '@/plugins/billing/providers/stripe'
import { WebhookRejected, type PaymentProvider } from '@/plugins/billing/providers/types'

import { startStripeServer, type StripeServer } from '../helpers/stripeServer'

const SECRET_KEY = 'sk_test_blockforge'
const WEBHOOK_SECRET = 'whsec_test_blockforge'

let server: StripeServer
let provider: PaymentProvider

beforeAll(async () => {
  server = await startStripeServer(SECRET_KEY)
  provider = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, host: server.host, port: server.port, protocol: 'http' })
})
afterAll(async () => {
  await server?.close()
})

const key = () => `test-${Math.random().toString(36).slice(2)}`

async function customerWith(token: string) {
  const { customerId } = await provider.createCustomer({ userId: 'user-1', email: 'a@example.com' })
  const method = await provider.attachMethod(customerId, token)
  return { customerId, method }
}

describe('stripe provider: customers and cards', () => {
  it('creates a customer, attaches a card, lists it, sets it default and charges it', async () => {
    expect(provider.name).toBe('stripe')
    expect(provider.testMode).toBe(true)
    const { customerId } = await provider.createCustomer({ userId: 'user-42', email: null })
    expect(customerId).toMatch(/^cus_/)
    expect(server.state.customers.get(customerId)?.metadata).toEqual({ userId: 'user-42' })

    const setup = await provider.beginCardSetup(customerId)
    expect(setup.clientSecret).toMatch(/^seti_.+_secret_/)
    expect([...server.state.setupIntents.values()].at(-1)).toMatchObject({ customer: customerId, usage: 'off_session' })

    const method = await provider.attachMethod(customerId, 'pm_card_visa')
    expect(method).toEqual({ id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 })
    expect(method.id).not.toBe('pm_card_visa')
    const master = await provider.attachMethod(customerId, 'pm_card_mastercard')
    expect(master).toMatchObject({ brand: 'mastercard', last4: '4444' })

    const methods = await provider.listMethods(customerId)
    expect(methods.map((m) => m.id).sort()).toEqual([method.id, master.id].sort())
    expect(methods.find((m) => m.id === method.id)).toMatchObject({ brand: 'visa', last4: '4242' })

    await provider.setDefaultMethod(customerId, method.id)
    expect(server.state.customers.get(customerId)?.invoice_settings).toEqual({ default_payment_method: method.id })

    const outcome = await provider.charge({ customerId, methodId: method.id, amount: 499, currency: 'USD', idempotencyKey: key(), metadata: { chargeId: 'c1', userId: 'user-42' } })
    expect(outcome).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_/) })
    const intent = server.state.paymentIntents.get(outcome.paymentId!)
    expect(intent).toMatchObject({ amount: 499, currency: 'usd', customer: customerId, payment_method: method.id, status: 'succeeded', metadata: { chargeId: 'c1', userId: 'user-42' } })
  })

  it('detaches a card: it leaves the list and stops being the default', async () => {
    const { customerId, method } = await customerWith('pm_card_visa')
    await provider.setDefaultMethod(customerId, method.id)
    await provider.detachMethod(method.id)
    expect(await provider.listMethods(customerId)).toEqual([])
    expect(server.state.customers.get(customerId)?.invoice_settings).toEqual({ default_payment_method: null })
  })

  it('refuses a default card that is not the customer’s (the SDK throws Stripe’s error)', async () => {
    const { customerId } = await customerWith('pm_card_visa')
    const other = await customerWith('pm_card_visa')
    await expect(provider.setDefaultMethod(customerId, other.method.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
  })
})

describe('stripe provider: payments', () => {
  it('a declined card comes back as failed with Stripe’s message, never thrown', async () => {
    const { customerId, method } = await customerWith('pm_card_chargeDeclined')
    expect(method).toMatchObject({ brand: 'visa', last4: '0002' })
    const outcome = await provider.charge({ customerId, methodId: method.id, amount: 500, currency: 'usd', idempotencyKey: key(), metadata: { chargeId: 'c2' } })
    expect(outcome).toEqual({ status: 'failed', paymentId: expect.stringMatching(/^pi_/), message: 'Your card was declined.' })
    expect(server.state.paymentIntents.get(outcome.paymentId!)).toMatchObject({ status: 'requires_payment_method' })
  })

  it('a card that needs authentication off session fails with a message saying so', async () => {
    const { customerId, method } = await customerWith('pm_card_authenticationRequired')
    const outcome = await provider.charge({ customerId, methodId: method.id, amount: 500, currency: 'usd', idempotencyKey: key(), metadata: {} })
    expect(outcome).toMatchObject({ status: 'failed', message: expect.stringContaining('requires authentication') })

    // An intent left in requires_action (Stripe's answer on session) is a failure too.
    const visa = await customerWith('pm_card_visa')
    server.state.nextIntentStatus = 'requires_action'
    const pending = await provider.charge({ customerId: visa.customerId, methodId: visa.method.id, amount: 500, currency: 'usd', idempotencyKey: key(), metadata: {} })
    expect(pending).toMatchObject({ status: 'failed', paymentId: expect.stringMatching(/^pi_/), message: expect.stringContaining('authentication') })
    server.state.nextIntentStatus = 'processing'
    const processing = await provider.charge({ customerId: visa.customerId, methodId: visa.method.id, amount: 500, currency: 'usd', idempotencyKey: key(), metadata: {} })
    expect(processing).toEqual({ status: 'processing', paymentId: expect.stringMatching(/^pi_/) })
  })

  it('the same idempotency key twice pays once and answers the same payment id', async () => {
    const { customerId, method } = await customerWith('pm_card_visa')
    const before = server.state.paymentIntents.size
    const replays = server.state.replays
    const request = { customerId, methodId: method.id, amount: 1200, currency: 'eur', idempotencyKey: key(), metadata: { chargeId: 'c3' } }
    const first = await provider.charge(request)
    const second = await provider.charge(request)
    expect(first.status).toBe('succeeded')
    expect(second).toEqual(first)
    expect(server.state.paymentIntents.size).toBe(before + 1)
    expect(server.state.requests.filter((r) => r.idempotencyKey === request.idempotencyKey)).toHaveLength(2)
    expect(server.state.replays).toBe(replays + 1)

    // A declined attempt replays as the same failure, still without a second intent.
    const declined = await customerWith('pm_card_chargeDeclined')
    const declinedRequest = { ...request, customerId: declined.customerId, methodId: declined.method.id, idempotencyKey: key() }
    const a = await provider.charge(declinedRequest)
    const b = await provider.charge(declinedRequest)
    expect(a.status).toBe('failed')
    expect(b).toEqual(a)
    expect(server.state.paymentIntents.size).toBe(before + 2)
    expect(server.state.replays).toBe(replays + 2)
  })

  it('refunds part of a payment; the server records the amount; too much is a failed outcome', async () => {
    const { customerId, method } = await customerWith('pm_card_visa')
    const paid = await provider.charge({ customerId, methodId: method.id, amount: 1000, currency: 'usd', idempotencyKey: key(), metadata: {} })
    expect(paid.status).toBe('succeeded')
    const paymentId = paid.status === 'succeeded' ? paid.paymentId : ''

    const refundKey = key()
    const refund = await provider.refund({ paymentId, amount: 300, idempotencyKey: refundKey, metadata: { chargeId: 'r1' } })
    expect(refund).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) })
    const refundId = refund.status === 'succeeded' ? refund.refundId : ''
    expect(server.state.refunds.get(refundId)).toMatchObject({ amount: 300, payment_intent: paymentId, metadata: { chargeId: 'r1' } })
    // Replayed with its key: the same refund, not a second one.
    expect(await provider.refund({ paymentId, amount: 300, idempotencyKey: refundKey, metadata: { chargeId: 'r1' } })).toEqual(refund)
    expect([...server.state.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1)

    const tooMuch = await provider.refund({ paymentId, amount: 800, idempotencyKey: key(), metadata: {} })
    expect(tooMuch).toEqual({ status: 'failed', refundId: null, message: expect.stringContaining('greater than unrefunded amount') })
  })

  it('sends the secret key as a bearer token; a wrong key is an authentication error', async () => {
    expect(server.state.requests.at(-1)?.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}/)
    const wrong = stripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: WEBHOOK_SECRET, host: server.host, port: server.port, protocol: 'http' })
    await expect(wrong.createCustomer({ userId: 'u', email: null })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
  })
})

describe('stripe provider: webhooks', () => {
  const stripe = new Stripe(SECRET_KEY)
  const event = {
    id: 'evt_test_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'pi_123', object: 'payment_intent', status: 'succeeded', amount: 499, metadata: { chargeId: 'c1' }, last_payment_error: null } },
  }
  const payload = JSON.stringify(event, null, 2)

  it('verifies a signed event and returns id, type and object', () => {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    expect(provider.verifyWebhook(payload, signature)).toEqual({ id: 'evt_test_1', type: 'payment_intent.succeeded', object: event.data.object })
  })

  it('reduces an expanded payment_intent on a refund to its id', () => {
    const refundEvent = JSON.stringify({ ...event, id: 'evt_test_2', type: 'refund.updated', data: { object: { id: 're_1', object: 'refund', status: 'succeeded', amount: 300, payment_intent: { id: 'pi_123', object: 'payment_intent' } } } })
    const signature = stripe.webhooks.generateTestHeaderString({ payload: refundEvent, secret: WEBHOOK_SECRET })
    expect(provider.verifyWebhook(refundEvent, signature).object.payment_intent).toBe('pi_123')
  })

  it('rejects a forged signature, a missing header, a re-serialised body and an old timestamp', () => {
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
    expect(() => provider.verifyWebhook(payload, forged)).toThrow(WebhookRejected)
    expect(() => provider.verifyWebhook(payload, null)).toThrow(WebhookRejected)
    expect(() => provider.verifyWebhook(payload, '')).toThrow(WebhookRejected)
    expect(() => provider.verifyWebhook(payload, 'garbage')).toThrow(WebhookRejected)

    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    const reserialised = JSON.stringify(JSON.parse(payload))
    expect(reserialised).not.toBe(payload)
    expect(() => provider.verifyWebhook(reserialised, signature)).toThrow(WebhookRejected)

    const old = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect(() => provider.verifyWebhook(payload, old)).toThrow(WebhookRejected)
    const recent = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 240 })
    expect(provider.verifyWebhook(payload, recent).id).toBe('evt_test_1')
  })
})

describe('stripe provider: brands', () => {
  it('maps Stripe card brands and wallet payment method types to ours', () => {
    const card = (brand: string) => stripeBrand({ type: 'card', card: { brand } as Stripe.PaymentMethod.Card })
    expect(['amex', 'diners', 'discover', 'jcb', 'mastercard', 'unionpay', 'visa', 'unknown'].map(card)).toEqual(['amex', 'diners', 'discover', 'jcb', 'mastercard', 'unionpay', 'visa', 'unknown'])
    expect(card('eftpos_au')).toBe('eftpos')
    expect(card('link')).toBe('unknown')
    expect(card('cartes_bancaires')).toBe('unknown')
    for (const type of ['amazon_pay', 'cashapp', 'paypal'] as const) expect(stripeBrand({ type })).toBe(type)
  })
})
