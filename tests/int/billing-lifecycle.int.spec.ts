import type { Payload } from 'payload'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { addDays } from '../../src/lib/billing/intervals'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { db, sql } from '../../src/plugins/billing/service/db'
import { cancel, payNow, resubscribe, switchInterval } from '../../src/plugins/billing/service/manage'
import { addMethod, removeMethod, setPrimary } from '../../src/plugins/billing/service/methods'
import { runRenewals } from '../../src/plugins/billing/service/renewals'
import { refund } from '../../src/plugins/billing/service/staff'
import { subscribe } from '../../src/plugins/billing/service/subscribe'
import { webhookEndpoint } from '../../src/plugins/billing/webhook'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { startStripeServer, type StripeServer } from '../helpers/stripeServer'

/*
 * The subscription's life (issue 29) with the Stripe provider against a local Stripe-compatible
 * server (tests/helpers/stripeServer.ts): the real SDK, real HTTP, our real database.
 */
const SECRET = 'sk_test_local'
const WEBHOOK_SECRET = 'whsec_lifecycle'
let payload: Payload
let stripe: StripeServer

type Charge = { id: string; type: string; status: string; amount: string; due: Date; attempts: string; failure_message: string | null; interval: string }
const chargesOf = (subscriptionId: string) => db(payload).rows<Charge>(sql`SELECT * FROM charges WHERE subscription_id = ${subscriptionId} ORDER BY created_at, due`)
const subscription = (id: string) => db(payload).one<{ status: string; ended_reason: string | null; interval: string }>(sql`SELECT * FROM subscriptions WHERE id = ${id}`)
const nextCharge = async (id: string) => (await chargesOf(id)).find((c) => c.type === 'renewal' && ['open', 'failed', 'cancelled'].includes(c.status))!
/** Payment intents created for the charges of one subscription (other tests' renewals fall due too). */
const intentsFor = async (subscriptionId: string) => {
  const ids = new Set((await chargesOf(subscriptionId)).map((c) => c.id))
  return [...stripe.state.paymentIntents.values()].filter((pi) => ids.has(String((pi as { metadata?: Record<string, string> }).metadata?.chargeId))).length
}

async function subscriber(card = 'pm_card_visa') {
  const user = await makeUser(payload)
  const method = await addMethod(payload, user, card)
  return { user, method }
}

beforeAll(async () => {
  stripe = await startStripeServer(SECRET)
  process.env.STRIPE_SECRET_KEY = SECRET
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
  process.env.STRIPE_API_BASE = `http://${stripe.host}:${stripe.port}`
  payload = await bootPayload()
  await ensureCatalogue(payload)
})

afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY
  delete process.env.STRIPE_WEBHOOK_SECRET
  delete process.env.STRIPE_API_BASE
  await stripe.close()
})

describe('subscribing', () => {
  it('the first payment provisions Plus and opens the next month’s charge', async () => {
    const { user, method } = await subscriber()
    expect(method).toMatchObject({ brand: 'visa', last4: '4242', primary: true })
    const result = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    expect(result.outcome).toBe('succeeded')
    expect(await subscription(result.subscriptionId)).toMatchObject({ status: 'provisioned' })
    const [first, next] = await chargesOf(result.subscriptionId)
    expect(first).toMatchObject({ type: 'subscription', status: 'succeeded' })
    expect(Number(first.amount)).toBe(499)
    expect(next).toMatchObject({ type: 'renewal', status: 'open' })
    expect(Math.round((next.due.getTime() - Date.now()) / 86_400_000)).toBe(30)
    await expect(subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'yearly' })).rejects.toThrow('You already have this subscription')
  })

  it('a declined first payment leaves no perks and no renewal', async () => {
    const { user } = await subscriber('pm_card_chargeDeclined')
    const result = await subscribe(payload, user, { productKey: 'plus', currency: 'EUR', interval: 'monthly' })
    expect(result).toMatchObject({ outcome: 'failed', message: 'Your card was declined.' })
    expect(await subscription(result.subscriptionId)).toMatchObject({ status: 'unprovisioned', ended_reason: 'paymentFailed' })
    expect((await chargesOf(result.subscriptionId)).map((c) => c.status)).toEqual(['failed'])
    // Nothing is left running: with a card that pays, the user subscribes.
    const visa = await addMethod(payload, user, 'pm_card_visa')
    expect((await subscribe(payload, user, { productKey: 'plus', currency: 'EUR', interval: 'monthly', methodId: visa.id })).outcome).toBe('succeeded')
  })

  it('charges in the currency’s own minor units (JPY has none)', async () => {
    const { user } = await subscriber()
    const result = await subscribe(payload, user, { productKey: 'plus', currency: 'JPY', interval: 'monthly' })
    expect(result.outcome).toBe('succeeded')
    const intent = [...stripe.state.paymentIntents.values()].at(-1) as { amount: number; currency: string }
    expect(intent).toMatchObject({ amount: 748, currency: 'jpy' })
  })
})

describe('renewals', () => {
  it('renew when due; two runs at once charge once', async () => {
    const { user } = await subscriber()
    const { subscriptionId } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    const due = (await nextCharge(subscriptionId)).due
    const before = await intentsFor(subscriptionId)
    await Promise.all([runRenewals(payload, addDays(due, 0.01)), runRenewals(payload, addDays(due, 0.01))])
    expect((await intentsFor(subscriptionId)) - before).toBe(1)
    const charges = await chargesOf(subscriptionId)
    expect(charges.filter((c) => c.type === 'renewal').map((c) => c.status)).toEqual(['succeeded', 'open'])
    const next = await nextCharge(subscriptionId)
    expect(Math.round((next.due.getTime() - due.getTime()) / 86_400_000)).toBe(30) // the period continues from the due date
  })

  it('a failed renewal notifies, retries after two days, ends perks after the grace, and can be paid with another card', async () => {
    const { user } = await subscriber()
    const { subscriptionId } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    const declined = await addMethod(payload, user, 'pm_card_chargeDeclined')
    await setPrimary(payload, user, declined.id)
    const due = (await nextCharge(subscriptionId)).due
    await runRenewals(payload, addDays(due, 0.01))
    expect(await nextCharge(subscriptionId)).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' })
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'provisioned' }) // within the grace
    const notes = await payload.find({ collection: 'notifications', where: { user: { equals: user.id }, type: { equals: 'subscription_payment_failed' } }, overrideAccess: true })
    expect(notes.totalDocs).toBe(1)

    await runRenewals(payload, addDays(due, 1)) // not yet retried
    expect(Number((await nextCharge(subscriptionId)).attempts)).toBe(1)
    await runRenewals(payload, addDays(due, 2.1)) // retried, failed again; the grace is over
    expect(Number((await nextCharge(subscriptionId)).attempts)).toBe(2)
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'unprovisioned', ended_reason: 'paymentFailed' })

    const visa = await addMethod(payload, user, 'pm_card_visa')
    expect(await payNow(payload, user.id, subscriptionId, visa.id)).toBe('succeeded')
    // The card that paid is the one renewals use from now on.
    expect(await db(payload).one(sql`SELECT "primary" FROM payment_methods WHERE id = ${visa.id}`)).toEqual({ primary: true })
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'provisioned', ended_reason: null })
    expect(await nextCharge(subscriptionId)).toMatchObject({ status: 'open' })
  })

  it('a renewal failing for 30 days is given up', async () => {
    const { user } = await subscriber()
    const { subscriptionId } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    await setPrimary(payload, user, (await addMethod(payload, user, 'pm_card_chargeDeclined')).id)
    const due = (await nextCharge(subscriptionId)).due
    await runRenewals(payload, addDays(due, 0.01))
    await runRenewals(payload, addDays(due, 31))
    const charges = await chargesOf(subscriptionId)
    expect(charges.at(-1)).toMatchObject({ type: 'renewal', status: 'cancelled' })
  })
})

describe('cancelling and switching', () => {
  it('cancel keeps perks to the end of the period, resubscribe undoes it, and a lapsed one is never charged', async () => {
    const { user } = await subscriber()
    const { subscriptionId } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    await cancel(payload, user.id, subscriptionId)
    expect(await nextCharge(subscriptionId)).toMatchObject({ status: 'cancelled' })
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'provisioned' })
    await resubscribe(payload, user.id, subscriptionId)
    expect(await nextCharge(subscriptionId)).toMatchObject({ status: 'open' })
    await cancel(payload, user.id, subscriptionId)
    const due = (await nextCharge(subscriptionId)).due
    await runRenewals(payload, addDays(due, -0.5))
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'provisioned' })
    const before = await intentsFor(subscriptionId)
    await runRenewals(payload, addDays(due, 0.01))
    expect(await intentsFor(subscriptionId)).toBe(before)
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'unprovisioned', ended_reason: 'cancelled' })
    await expect(resubscribe(payload, user.id, subscriptionId)).rejects.toThrow('This subscription has ended')
  })

  it('monthly → yearly is charged now, less the unused month; yearly → monthly waits for the renewal', async () => {
    const { user } = await subscriber()
    const { subscriptionId } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    const up = await switchInterval(payload, user.id, subscriptionId, 'yearly')
    // Switched moments after paying 499 for 30 days: nearly all of it is credited.
    expect(up.charged).toBeGreaterThanOrEqual(4999 - 499)
    expect(up.charged).toBeLessThanOrEqual(4999 - 498)
    expect(await subscription(subscriptionId)).toMatchObject({ interval: 'yearly' })
    const next = await nextCharge(subscriptionId)
    expect(next).toMatchObject({ interval: 'yearly', status: 'open' })
    expect(Number(next.amount)).toBe(4999)
    expect(Math.round((next.due.getTime() - Date.now()) / 86_400_000)).toBe(365)

    expect(await switchInterval(payload, user.id, subscriptionId, 'monthly')).toEqual({ charged: null })
    expect(await nextCharge(subscriptionId)).toMatchObject({ interval: 'monthly', amount: '499' })
    expect(await subscription(subscriptionId)).toMatchObject({ interval: 'yearly' }) // until the renewal
  })
})

describe('cards', () => {
  it('the last card of a renewing subscription cannot be removed; another can', async () => {
    const { user, method } = await subscriber()
    await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    await expect(removeMethod(payload, user.id, method.id)).rejects.toThrow('This is your only card')
    const second = await addMethod(payload, user, 'pm_card_mastercard')
    await removeMethod(payload, user.id, method.id)
    const left = await db(payload).rows<{ id: string; primary: boolean }>(sql`SELECT id, "primary" FROM payment_methods WHERE user_id = ${user.id}`)
    expect(left).toEqual([{ id: second.id, primary: true }])
  })

  it('a card is the owner’s: another user cannot set or remove it', async () => {
    const { method } = await subscriber()
    const other = await makeUser(payload)
    await expect(setPrimary(payload, other, method.id)).rejects.toThrow('not found')
    await expect(removeMethod(payload, other.id, method.id)).rejects.toThrow('not found')
  })
})

describe('staff refunds', () => {
  it('a partial refund is a negative charge; more than is left is refused', async () => {
    const { user } = await subscriber()
    const staff = await makeUser(payload, 'moderator')
    const { subscriptionId } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    const paid = (await chargesOf(subscriptionId))[0]
    await refund(payload, staff.id, { chargeId: paid.id, amount: 200, reason: 'Asked within a week' })
    const refunds = await db(payload).rows<{ amount: string; status: string; reason: string }>(sql`SELECT amount, status, reason FROM charges WHERE parent_id = ${paid.id}`)
    expect(refunds).toEqual([{ amount: '-200', status: 'succeeded', reason: 'Asked within a week' }])
    expect([...stripe.state.refunds.values()].at(-1)).toMatchObject({ amount: 200 })
    await expect(refund(payload, staff.id, { chargeId: paid.id, amount: 300, reason: 'too much' })).rejects.toThrow('At most 299')
    const acts = await payload.find({ collection: 'billing-staff-acts', where: { user: { equals: user.id } }, overrideAccess: true })
    expect(acts.docs.map((a) => [a.act, a.amount])).toEqual([['refund', 200]])
  })
})

describe('webhooks', () => {
  const stripeSdk = new Stripe('sk_test_unused')
  const signed = (body: string, secret = WEBHOOK_SECRET) => stripeSdk.webhooks.generateTestHeaderString({ payload: body, secret })
  const call = (body: string, signature: string | null) =>
    webhookEndpoint.handler({ payload, text: async () => body, headers: new Headers(signature ? { 'stripe-signature': signature } : {}) } as never) as Promise<Response>

  async function processingCharge() {
    const { user } = await subscriber()
    const { subscriptionId } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly' })
    const next = await nextCharge(subscriptionId)
    await db(payload).rows(sql`UPDATE charges SET status = 'processing', attempts = 1 WHERE id = ${next.id}`)
    return { subscriptionId, chargeId: next.id }
  }
  const event = (id: string, chargeId: string, type = 'payment_intent.succeeded') =>
    JSON.stringify({ id, object: 'event', type, data: { object: { id: `pi_${id}`, object: 'payment_intent', status: 'succeeded', metadata: { chargeId, attempt: '1' } } } })

  it('applies a signed event once; a replay changes nothing', async () => {
    const { subscriptionId, chargeId } = await processingCharge()
    const body = event(`evt_once_${chargeId}`, chargeId)
    const first = await call(body, signed(body))
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ result: 'applied' })
    const renewals = () => chargesOf(subscriptionId).then((cs) => cs.filter((c) => c.type === 'renewal').map((c) => c.status))
    expect(await renewals()).toEqual(['succeeded', 'open'])
    const replay = await call(body, signed(body))
    expect(await replay.json()).toMatchObject({ result: 'replayed' })
    expect(await renewals()).toEqual(['succeeded', 'open'])
  })

  it('refuses unsigned, forged, re-serialised and stale events with 400 and changes nothing', async () => {
    const { subscriptionId, chargeId } = await processingCharge()
    const body = event(`evt_bad_${chargeId}`, chargeId)
    const stale = stripeSdk.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 })
    for (const [raw, signature] of [
      [body, null],
      [body, signed(body, 'whsec_forged')],
      [JSON.stringify(JSON.parse(body), null, 2), signed(body)],
      [body, stale],
    ] as const) {
      const response = await call(raw, signature)
      expect(response.status).toBe(400)
    }
    expect((await chargesOf(subscriptionId)).find((c) => c.id === chargeId)).toMatchObject({ status: 'processing' })
    expect(await payload.count({ collection: 'billing-events', where: { eventId: { equals: `evt_bad_${chargeId}` } }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
  })

  it('a failure to apply answers 500 and records nothing, so the sent-again event applies', async () => {
    const { subscriptionId, chargeId } = await processingCharge()
    const body = event(`evt_retry_${chargeId}`, chargeId)
    // The database refuses this charge's change once: the event's transaction must roll back whole.
    await db(payload).rows(sql.raw(`ALTER TABLE charges ADD CONSTRAINT billing_test_refuse CHECK (id <> '${chargeId}' OR status <> 'succeeded') NOT VALID`))
    try {
      const failed = await call(body, signed(body))
      expect(failed.status).toBe(500)
      expect((await payload.count({ collection: 'billing-events', where: { eventId: { equals: `evt_retry_${chargeId}` } }, overrideAccess: true })).totalDocs).toBe(0)
    } finally {
      await db(payload).rows(sql`ALTER TABLE charges DROP CONSTRAINT billing_test_refuse`)
    }
    const again = await call(body, signed(body))
    expect(await again.json()).toMatchObject({ result: 'applied' })
    expect((await chargesOf(subscriptionId)).find((c) => c.id === chargeId)).toMatchObject({ status: 'succeeded' })
  })
})
