import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { centsToMicro } from '../../src/lib/revenue/money'
import { paypalRails } from '../../src/plugins/revenue/rails/paypal'
import { tremendousRail } from '../../src/plugins/revenue/rails/tremendous'
import { WebhookRejected } from '../../src/plugins/revenue/rails/types'
import { balanceOf } from '../../src/plugins/revenue/service/ledger'
import { rails } from '../../src/plugins/revenue/service/rails'
import { CANCELLED_REASON, cancelWithdrawal, pollInTransit, UNCLAIMED_REASON, withdraw, withdrawalOf } from '../../src/plugins/revenue/service/withdraw'
import { railWebhookEndpoint } from '../../src/plugins/revenue/webhook'
import { makeUser } from '../helpers/actors'
import { startPayPalServer, type PayPalServer } from '../helpers/paypalServer'
import { bootPayload } from '../helpers/payload'
import { credit, expectLedgerBalanced } from '../helpers/revenue'
import { startTremendousServer, type TremendousServer } from '../helpers/tremendousServer'

/*
 * The real payout rails (issue 30 item 5) against local PayPal- and Tremendous-compatible servers
 * (tests/helpers/paypalServer.ts, tremendousServer.ts): real HTTP, the adapters as configured from
 * the environment, and withdrawals through the revenue service into our real database.
 */
let payload: Payload
let pp: PayPalServer
let tr: TremendousServer
const $ = (cents: number) => centsToMicro(cents)
let seq = 0
const wid = (prefix: string) => `${prefix}${++seq}${Math.random().toString(36).slice(2, 8)}`

const ENV = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_BASE', 'TREMENDOUS_API_KEY', 'TREMENDOUS_WEBHOOK_KEY', 'TREMENDOUS_CAMPAIGN_ID', 'TREMENDOUS_API_BASE']

beforeAll(async () => {
  pp = await startPayPalServer({ clientId: 'pp-client', clientSecret: 'pp-secret', webhookId: 'WH-BLOCKFORGE' })
  tr = await startTremendousServer({ apiKey: 'TEST_key', webhookKey: 'tremendous-private' })
  // Set before first use: the rails are read from the environment once per Payload instance.
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: 'pp-client',
    PAYPAL_CLIENT_SECRET: 'pp-secret',
    PAYPAL_WEBHOOK_ID: 'WH-BLOCKFORGE',
    PAYPAL_API_BASE: pp.url,
    TREMENDOUS_API_KEY: 'TEST_key',
    TREMENDOUS_WEBHOOK_KEY: 'tremendous-private',
    TREMENDOUS_CAMPAIGN_ID: 'CAMPAIGN1',
    TREMENDOUS_API_BASE: tr.url,
  })
  payload = await bootPayload()
})

afterAll(async () => {
  await expectLedgerBalanced(payload)
  for (const name of ENV) delete process.env[name]
  await pp.close()
  await tr.close()
})

const paypalConfig = (extra: { webhookId?: string; clientSecret?: string } = {}) => ({ clientId: 'pp-client', clientSecret: extra.clientSecret ?? 'pp-secret', webhookId: extra.webhookId ?? 'WH-BLOCKFORGE', apiBase: pp.url })
const tremendousConfig = (extra: { apiKey?: string; webhookKey?: string } = {}) => ({ apiKey: extra.apiKey ?? 'TEST_key', webhookKey: extra.webhookKey ?? 'tremendous-private', campaignId: 'CAMPAIGN1', apiBase: tr.url })
const tokenCalls = () => pp.state.requests.filter((r) => r.path === '/v1/oauth2/token').length
const payoutPosts = () => pp.state.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments/payouts').length
const verifyCalls = () => pp.state.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length

describe('PayPal adapter', () => {
  it('fetches the OAuth token once and reuses it; a payout goes out with the withdrawal id as sender_batch_id', async () => {
    const { paypal } = paypalRails(paypalConfig())
    const tokensBefore = tokenCalls()
    const id = wid('ppa')
    const sent = await paypal.send({ withdrawalId: id, amount: $(1234), currency: 'USD', destination: 'creator@example.test' })
    expect(sent).toMatchObject({ status: 'pending', railPayoutId: expect.any(String) })
    const batchId = sent.railPayoutId!
    expect(pp.state.bySenderBatchId.get(id)).toBe(batchId)
    expect(pp.itemOf(batchId)).toMatchObject({
      sender_batch_id: id,
      payout_item: { recipient_type: 'EMAIL', receiver: 'creator@example.test', amount: { currency: 'USD', value: '12.34' }, sender_item_id: id, recipient_wallet: 'PAYPAL' },
    })
    expect(await paypal.status({ withdrawalId: id, railPayoutId: batchId, destination: 'creator@example.test' })).toEqual({ status: 'pending', railPayoutId: batchId })
    pp.settle(pp.itemOf(batchId).payout_item_id as string, 'SUCCESS')
    expect(await paypal.status({ withdrawalId: id, railPayoutId: batchId, destination: 'creator@example.test' })).toEqual({ status: 'succeeded', railPayoutId: batchId })
    expect(tokenCalls() - tokensBefore).toBe(1)
  })

  it('a retry with the same withdrawal id creates nothing and answers the same payout', async () => {
    const { paypal } = paypalRails(paypalConfig())
    const id = wid('ppr')
    const first = await paypal.send({ withdrawalId: id, amount: $(500), currency: 'USD', destination: 'again@example.test' })
    const batches = pp.state.batches.size
    const posts = payoutPosts()
    const again = await paypal.send({ withdrawalId: id, amount: $(500), currency: 'USD', destination: 'again@example.test' })
    expect(payoutPosts()).toBe(posts + 1) // PayPal was asked, and refused the reused batch id
    expect(pp.state.batches.size).toBe(batches)
    expect(again).toEqual({ status: 'pending', railPayoutId: first.railPayoutId })
    pp.settle(pp.itemOf(first.railPayoutId!).payout_item_id as string, 'SUCCESS')
    expect(await paypal.send({ withdrawalId: id, amount: $(500), currency: 'USD', destination: 'again@example.test' })).toEqual({ status: 'succeeded', railPayoutId: first.railPayoutId })
    // Another process (no memory of the batch): still nothing new; PayPal's refusal links the original batch.
    const fresh = paypalRails(paypalConfig()).paypal
    expect(await fresh.send({ withdrawalId: id, amount: $(500), currency: 'USD', destination: 'again@example.test' })).toEqual({ status: 'succeeded', railPayoutId: first.railPayoutId })
    expect(pp.state.batches.size).toBe(batches)
  })

  it('a payout whose create answer was lost: the status check sends it again (same sender_batch_id), learns its batch, pays once', async () => {
    const { paypal } = paypalRails(paypalConfig())
    const id = wid('ppl')
    const request = { withdrawalId: id, amount: $(700), currency: 'USD' as const, destination: 'lost@example.test' }
    pp.state.loseCreateAnswers = 1
    await expect(paypal.send(request)).rejects.toThrow()
    const batchId = pp.state.bySenderBatchId.get(id)
    expect(batchId).toEqual(expect.any(String)) // PayPal made it; we never heard
    const batches = pp.state.batches.size
    expect(await paypal.status({ ...request, railPayoutId: null, sentAt: new Date() })).toEqual({ status: 'pending', railPayoutId: batchId })
    expect(pp.state.batches.size).toBe(batches)
    const posts = pp.state.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments/payouts' && r.requestId === `payout-${id}`)
    expect(posts).toHaveLength(2)
    // Without the amount, or past PayPal's 30 days (the batch id could pay again), it is not sent again.
    expect(await paypalRails(paypalConfig()).paypal.status({ withdrawalId: id, railPayoutId: null, destination: 'lost@example.test' })).toEqual({ status: 'pending', railPayoutId: null })
    expect(await paypalRails(paypalConfig()).paypal.status({ ...request, railPayoutId: null, sentAt: new Date(Date.now() - 31 * 86_400_000) })).toEqual({ status: 'pending', railPayoutId: null })
    expect(pp.state.requests.filter((r) => r.requestId === `payout-${id}`)).toHaveLength(2)
  })

  it('cancels an unclaimed item, and only an unclaimed one', async () => {
    const { paypal } = paypalRails(paypalConfig())
    const id = wid('ppc')
    const { railPayoutId } = await paypal.send({ withdrawalId: id, amount: $(300), currency: 'USD', destination: 'nobody@example.test' })
    const item = pp.itemOf(railPayoutId!)
    pp.settle(item.payout_item_id as string, 'UNCLAIMED')
    expect(await paypal.status({ withdrawalId: id, railPayoutId, destination: 'nobody@example.test' })).toEqual({ status: 'pending', railPayoutId })
    expect(await paypal.cancel!({ withdrawalId: id, railPayoutId, destination: 'nobody@example.test' })).toMatchObject({ status: 'cancelled', railPayoutId })
    expect(pp.state.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payments/payouts-item/${String(item.payout_item_id)}/cancel` })
    expect(pp.itemOf(railPayoutId!).transaction_status).toBe('RETURNED')

    const paidId = wid('ppc')
    const paid = await paypal.send({ withdrawalId: paidId, amount: $(300), currency: 'USD', destination: 'claimed@example.test' })
    pp.settle(pp.itemOf(paid.railPayoutId!).payout_item_id as string, 'SUCCESS')
    const cancels = pp.state.requests.filter((r) => r.path.endsWith('/cancel')).length
    expect(await paypal.cancel!({ withdrawalId: paidId, railPayoutId: paid.railPayoutId, destination: 'claimed@example.test' })).toEqual({ status: 'succeeded', railPayoutId: paid.railPayoutId })
    expect(pp.state.requests.filter((r) => r.path.endsWith('/cancel')).length).toBe(cancels)
  })

  it('maps item statuses; a payout PayPal refuses fails with its reason; wrong credentials throw (unreachable)', async () => {
    const { paypal, venmo } = paypalRails(paypalConfig())
    const id = wid('ppf')
    const { railPayoutId } = await paypal.send({ withdrawalId: id, amount: $(300), currency: 'USD', destination: 'x@example.test' })
    const itemId = pp.itemOf(railPayoutId!).payout_item_id as string
    pp.settle(itemId, 'FAILED', { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' })
    expect(await paypal.status({ withdrawalId: id, railPayoutId, destination: '' })).toEqual({ status: 'failed', railPayoutId, reason: 'Receiver is unregistered' })
    pp.settle(itemId, 'BLOCKED')
    expect(await paypal.status({ withdrawalId: id, railPayoutId, destination: '' })).toMatchObject({ status: 'failed' })
    pp.settle(itemId, 'RETURNED')
    expect(await paypal.status({ withdrawalId: id, railPayoutId, destination: '' })).toMatchObject({ status: 'returned' })

    expect(await paypal.send({ withdrawalId: wid('ppf'), amount: $(300), currency: 'USD', destination: 'not-an-email' })).toEqual({
      status: 'failed',
      railPayoutId: null,
      reason: 'PayPal refused the payout: Receiver is invalid or does not match with type',
    })
    const wrong = paypalRails(paypalConfig({ clientSecret: 'nope' })).paypal
    await expect(wrong.send({ withdrawalId: wid('ppf'), amount: $(300), currency: 'USD', destination: 'x@example.test' })).rejects.toThrow(/invalid_client/)

    // Venmo: a US phone number (or an email), through the same payouts with the Venmo wallet.
    expect(venmo.destination(' +1 (555) 123-4567 ')).toBe('5551234567')
    expect(venmo.destination('Me@Example.test')).toBe('me@example.test')
    expect(venmo.destination('12345')).toBeNull()
    expect(paypal.destination('5551234567')).toBeNull()
    const v = await venmo.send({ withdrawalId: wid('ppv'), amount: $(300), currency: 'USD', destination: '5551234567' })
    expect(pp.itemOf(v.railPayoutId!).payout_item).toMatchObject({ recipient_type: 'PHONE', receiver: '5551234567', recipient_wallet: 'VENMO' })
  })

  it('verifies webhooks through PayPal’s verify-webhook-signature: SUCCESS accepted, FAILURE and missing headers refused', async () => {
    const { paypal } = paypalRails(paypalConfig())
    const id = wid('ppw')
    const { railPayoutId } = await paypal.send({ withdrawalId: id, amount: $(300), currency: 'USD', destination: 'hook@example.test' })
    const itemId = pp.itemOf(railPayoutId!).payout_item_id as string
    pp.settle(itemId, 'FAILED', { name: 'RECEIVER_UNCONFIRMED', message: 'Receiver is unconfirmed' })
    const { body, headers } = pp.event(itemId, 'PAYMENT.PAYOUTS-ITEM.FAILED')
    expect(await paypal.verifyWebhook(body, new Headers(headers))).toEqual({
      id: JSON.parse(body).id,
      type: 'PAYMENT.PAYOUTS-ITEM.FAILED',
      withdrawalId: id,
      rail: 'paypal',
      outcome: { status: 'failed', railPayoutId, reason: 'Receiver is unconfirmed' },
    })
    // PayPal says FAILURE: a body changed in transit, a signature not PayPal's, another webhook's id.
    await expect(paypal.verifyWebhook(body.replace('"3.00"', '"300.00"'), new Headers(headers))).rejects.toThrow(WebhookRejected)
    await expect(paypal.verifyWebhook(body, new Headers({ ...headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' }))).rejects.toThrow(WebhookRejected)
    await expect(paypalRails(paypalConfig({ webhookId: 'WH-OTHER' })).paypal.verifyWebhook(body, new Headers(headers))).rejects.toThrow(/does not hold/)
    // Refused before PayPal is asked: no transmission headers, or no webhook id configured.
    const asked = verifyCalls()
    const { 'paypal-transmission-sig': _sig, ...unsigned } = headers
    await expect(paypal.verifyWebhook(body, new Headers(unsigned))).rejects.toThrow(WebhookRejected)
    await expect(paypalRails({ ...paypalConfig(), webhookId: undefined }).paypal.verifyWebhook(body, new Headers(headers))).rejects.toThrow(WebhookRejected)
    expect(verifyCalls()).toBe(asked)
    // Events we do not act on are verified and carry no outcome.
    for (const [type, status] of [['PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'succeeded'], ['PAYMENT.PAYOUTS-ITEM.RETURNED', 'returned'], ['PAYMENT.PAYOUTS-ITEM.BLOCKED', 'failed'], ['PAYMENT.PAYOUTS-ITEM.CANCELED', 'cancelled'], ['PAYMENT.PAYOUTS-ITEM.UNCLAIMED', 'pending']] as const) {
      const e = pp.event(itemId, type)
      expect((await paypal.verifyWebhook(e.body, new Headers(e.headers))).outcome?.status).toBe(status)
    }
    const other = pp.event(itemId, 'PAYMENT.PAYOUTSBATCH.PROCESSING')
    expect(await paypal.verifyWebhook(other.body, new Headers(other.headers))).toMatchObject({ withdrawalId: null, outcome: null })
  })
})

describe('Tremendous adapter', () => {
  it('creates one order per withdrawal (external_id), a retry answers the same order, status by id or external_id', async () => {
    const rail = tremendousRail(tremendousConfig())
    const id = wid('tra')
    const sent = await rail.send({ withdrawalId: id, amount: $(2550), currency: 'USD', destination: 'gift@example.test' })
    expect(sent).toMatchObject({ status: 'pending', railPayoutId: expect.any(String) })
    const order = tr.orderOf(id)
    expect(order).toMatchObject({ id: sent.railPayoutId, external_id: id, campaign_id: 'CAMPAIGN1', status: 'EXECUTED', rewards: [{ value: { denomination: 25.5, currency_code: 'USD' }, recipient: { email: 'gift@example.test' }, delivery: { method: 'EMAIL' } }] })
    const orders = tr.state.orders.size
    expect(await rail.send({ withdrawalId: id, amount: $(2550), currency: 'USD', destination: 'gift@example.test' })).toEqual(sent)
    expect(tr.state.orders.size).toBe(orders)
    expect(await rail.status({ withdrawalId: id, railPayoutId: null, destination: '' })).toEqual(sent)
    const rewardId = (order.rewards as { id: string }[])[0].id
    tr.deliver(rewardId, 'SUCCEEDED')
    expect(await rail.status({ withdrawalId: id, railPayoutId: sent.railPayoutId, destination: '' })).toEqual({ status: 'succeeded', railPayoutId: sent.railPayoutId })
    expect(await rail.status({ withdrawalId: wid('none'), railPayoutId: null, destination: '' })).toEqual({ status: 'pending', railPayoutId: null })
  })

  it('cancels a reward whose delivery failed, and only that; refusals fail with the reason; a wrong key throws', async () => {
    const rail = tremendousRail(tremendousConfig())
    const id = wid('trc')
    const sent = await rail.send({ withdrawalId: id, amount: $(1000), currency: 'USD', destination: 'bounce@example.test' })
    const rewardId = (tr.orderOf(id).rewards as { id: string }[])[0].id
    expect(await rail.cancel!({ withdrawalId: id, railPayoutId: sent.railPayoutId, destination: '' })).toEqual({ status: 'pending', railPayoutId: sent.railPayoutId })
    tr.deliver(rewardId, 'FAILED', 'invalid_email')
    expect(await rail.status({ withdrawalId: id, railPayoutId: sent.railPayoutId, destination: '' })).toMatchObject({ status: 'failed', reason: 'The email address does not exist or has a typo.' })
    expect(await rail.cancel!({ withdrawalId: id, railPayoutId: sent.railPayoutId, destination: '' })).toMatchObject({ status: 'cancelled' })
    expect(tr.orderOf(id).status).toBe('CANCELED')

    const refused = await rail.send({ withdrawalId: wid('trc'), amount: $(1000), currency: 'USD', destination: 'not-an-email' })
    expect(refused).toEqual({ status: 'failed', railPayoutId: null, reason: 'Tremendous refused the order: reward.recipient: email is invalid' })
    await expect(tremendousRail(tremendousConfig({ apiKey: 'wrong' })).send({ withdrawalId: wid('trc'), amount: $(1000), currency: 'USD', destination: 'x@example.test' })).rejects.toThrow(/401/)
  })

  it('verifies Tremendous-Webhook-Signature (HMAC-SHA256 of the raw body): right accepted, wrong or missing refused', async () => {
    const rail = tremendousRail(tremendousConfig())
    const id = wid('trw')
    const sent = await rail.send({ withdrawalId: id, amount: $(1000), currency: 'USD', destination: 'hook@example.test' })
    const rewardId = (tr.orderOf(id).rewards as { id: string }[])[0].id
    const { body, headers } = tr.event('REWARDS.DELIVERY.FAILED', { id: rewardId, type: 'rewards' }, { failure_reason: 'mailbox_unavailable', retryable: false })
    expect(await rail.verifyWebhook(body, new Headers(headers))).toEqual({
      id: JSON.parse(body).uuid,
      type: 'REWARDS.DELIVERY.FAILED',
      withdrawalId: id,
      outcome: { status: 'failed', railPayoutId: sent.railPayoutId, reason: 'The mailbox is full or not accepting email.' },
    })
    const wrongKey = tr.event('REWARDS.DELIVERY.FAILED', { id: rewardId, type: 'rewards' }, {}, 'not-the-key')
    await expect(rail.verifyWebhook(wrongKey.body, new Headers(wrongKey.headers))).rejects.toThrow(/does not match/)
    await expect(rail.verifyWebhook(body.replace('mailbox_unavailable', 'invalid_email'), new Headers(headers))).rejects.toThrow(WebhookRejected)
    await expect(rail.verifyWebhook(body, new Headers())).rejects.toThrow(/No signature/)
    await expect(rail.verifyWebhook(body, new Headers({ 'tremendous-webhook-signature': 'sha256=zz' }))).rejects.toThrow(WebhookRejected)
    await expect(tremendousRail({ ...tremendousConfig(), webhookKey: undefined }).verifyWebhook(body, new Headers(headers))).rejects.toThrow(WebhookRejected)
    const created = tr.event('ORDERS.CREATED', { id: String(sent.railPayoutId), type: 'orders' })
    expect(await rail.verifyWebhook(created.body, new Headers(created.headers))).toMatchObject({ withdrawalId: null, outcome: null })
  })
})

const hook = (rail: string, body: string, headers: Record<string, string>) =>
  railWebhookEndpoint.handler({ payload, routeParams: { rail }, text: async () => body, headers: new Headers(headers) } as never) as Promise<Response>

async function creator(balanceCents: number) {
  const user = await makeUser(payload, 'developer', { emailVerified: true })
  await credit(payload, user.id, $(balanceCents))
  return user
}

describe('withdrawals through the real rails (configured from the environment)', () => {
  it('offers PayPal, Venmo and Tremendous, and no test rail', () => {
    expect([...rails(payload).keys()].sort()).toEqual(['paypal', 'tremendous', 'venmo'])
    expect([...rails(payload).values()].every((r) => !r.testMode)).toBe(true)
  })

  it('PayPal: in transit until the webhook; a failure webhook returns the money with its reason; a replay or forgery changes nothing', async () => {
    const user = await creator(1000)
    const w = await withdraw(payload, user.id, { rail: 'paypal', amount: $(1000), destination: ' Creator@Example.test ' })
    expect(w).toMatchObject({ status: 'inTransit', rail: 'paypal', destination: 'creator@example.test', gross: '10000000', fee: '250000', net: '9750000', test_mode: false })
    expect(w.rail_payout_id).toBe(pp.state.bySenderBatchId.get(w.id))
    expect(pp.itemOf(w.rail_payout_id!).payout_item).toMatchObject({ amount: { value: '9.75', currency: 'USD' }, sender_item_id: w.id })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: 0n })

    const itemId = pp.itemOf(w.rail_payout_id!).payout_item_id as string
    pp.settle(itemId, 'FAILED', { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' })
    const { body, headers } = pp.event(itemId, 'PAYMENT.PAYOUTS-ITEM.FAILED')
    const forged = await hook('paypal', body, { ...headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' })
    expect(forged.status).toBe(400)
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'inTransit' })

    const first = await hook('paypal', body, headers)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, result: 'applied' })
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'failed', reason: 'Receiver is unregistered' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1000) })

    const replay = await hook('paypal', body, headers)
    expect(await replay.json()).toEqual({ received: true, result: 'replayed' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1000) })
  })

  it('PayPal: a success webhook pays it out; Venmo payouts settle through PayPal’s webhook too', async () => {
    const user = await creator(2000)
    const w = await withdraw(payload, user.id, { rail: 'paypal', amount: $(1000), destination: 'paid@example.test' })
    const itemId = pp.itemOf(w.rail_payout_id!).payout_item_id as string
    pp.settle(itemId, 'SUCCESS')
    const ok = pp.event(itemId, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED')
    expect(await (await hook('paypal', ok.body, ok.headers)).json()).toEqual({ received: true, result: 'applied' })
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'succeeded' })

    const v = await withdraw(payload, user.id, { rail: 'venmo', amount: $(1000), destination: '555-123-4567' })
    expect(v).toMatchObject({ status: 'inTransit', rail: 'venmo', destination: '5551234567' })
    const vItem = pp.itemOf(v.rail_payout_id!).payout_item_id as string
    pp.settle(vItem, 'SUCCESS')
    const vOk = pp.event(vItem, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED')
    expect(await (await hook('paypal', vOk.body, vOk.headers)).json()).toEqual({ received: true, result: 'applied' })
    expect(await withdrawalOf(payload, v.id)).toMatchObject({ status: 'succeeded' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: 0n })
  })

  it('Tremendous: a delivery-failure webhook returns the money; a replay, a wrong or missing signature change nothing', async () => {
    const user = await creator(2000)
    const w = await withdraw(payload, user.id, { rail: 'tremendous', amount: $(2000), destination: 'gift@example.test' })
    expect(w).toMatchObject({ status: 'inTransit', rail: 'tremendous', fee: '0', net: '20000000', test_mode: false })
    const order = tr.orderOf(w.id)
    expect(w.rail_payout_id).toBe(order.id)
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: 0n })

    const rewardId = (order.rewards as { id: string }[])[0].id
    tr.deliver(rewardId, 'FAILED', 'invalid_email')
    const { body, headers } = tr.event('REWARDS.DELIVERY.FAILED', { id: rewardId, type: 'rewards' }, { failure_reason: 'invalid_email', retryable: false })
    expect((await hook('tremendous', body, { 'tremendous-webhook-signature': `sha256=${'0'.repeat(64)}` })).status).toBe(400)
    expect((await hook('tremendous', body, {})).status).toBe(400)
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'inTransit' })

    expect(await (await hook('tremendous', body, headers)).json()).toEqual({ received: true, result: 'applied' })
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'failed', reason: 'The email address does not exist or has a typo.' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(2000) })
    expect(await (await hook('tremendous', body, headers)).json()).toEqual({ received: true, result: 'replayed' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(2000) })
  })

  it('PayPal: a withdrawal whose create answer was lost is found by the poll (sent again, same sender_batch_id), then settles', async () => {
    const user = await creator(1000)
    pp.state.loseCreateAnswers = 1
    const w = await withdraw(payload, user.id, { rail: 'paypal', amount: $(1000), destination: 'lost-answer@example.test' })
    expect(w).toMatchObject({ status: 'inTransit', rail_payout_id: null })
    const batchId = pp.state.bySenderBatchId.get(w.id)!
    expect(batchId).toEqual(expect.any(String))
    const batches = pp.state.batches.size
    await pollInTransit(payload, new Date(Date.now() + 11 * 60_000))
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'inTransit', rail_payout_id: batchId })
    expect(pp.state.batches.size).toBe(batches) // nothing paid twice
    pp.settle(pp.itemOf(batchId).payout_item_id as string, 'SUCCESS')
    await pollInTransit(payload, new Date(Date.now() + 11 * 60_000))
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'succeeded' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: 0n })
  })

  it('PayPal: an item unclaimed for 30 days comes back — returned by PayPal, or cancelled by the poll — with the money and the reason', async () => {
    const user = await creator(2000)
    // PayPal returns it itself (the item reads RETURNED).
    const a = await withdraw(payload, user.id, { rail: 'paypal', amount: $(1000), destination: 'unclaimed-a@example.test' })
    const itemA = pp.itemOf(a.rail_payout_id!).payout_item_id as string
    pp.settle(itemA, 'UNCLAIMED')
    await pollInTransit(payload, new Date(Date.now() + 11 * 60_000))
    expect(await withdrawalOf(payload, a.id)).toMatchObject({ status: 'inTransit' })
    pp.settle(itemA, 'RETURNED')
    await pollInTransit(payload, new Date(Date.now() + 11 * 60_000))
    expect(await withdrawalOf(payload, a.id)).toMatchObject({ status: 'returned', reason: 'Nobody claimed the payment within 30 days, so PayPal returned it.' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(2000) }) // the gross, fee and all

    // Still unclaimed after 30 days: the poll cancels the item, and the money comes back.
    const b = await withdraw(payload, user.id, { rail: 'paypal', amount: $(1000), destination: 'unclaimed-b@example.test' })
    const itemB = pp.itemOf(b.rail_payout_id!).payout_item_id as string
    pp.settle(itemB, 'UNCLAIMED')
    await pollInTransit(payload, new Date(Date.now() + 29 * 86_400_000))
    expect(await withdrawalOf(payload, b.id)).toMatchObject({ status: 'inTransit' })
    await pollInTransit(payload, new Date(Date.now() + 31 * 86_400_000))
    expect(pp.itemOf(b.rail_payout_id!).transaction_status).toBe('RETURNED')
    expect(await withdrawalOf(payload, b.id)).toMatchObject({ status: 'returned', reason: UNCLAIMED_REASON })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(2000) })
    // PayPal's own word about it afterwards changes nothing.
    const late = pp.event(itemB, 'PAYMENT.PAYOUTS-ITEM.RETURNED')
    expect(await (await hook('paypal', late.body, late.headers)).json()).toEqual({ received: true, result: 'ignored' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(2000) })
  })

  it('PayPal: the creator cancels an unclaimed payout (money back once, the later webhook ignored); a claimed one is not cancelled', async () => {
    const user = await creator(2000)
    const w = await withdraw(payload, user.id, { rail: 'paypal', amount: $(1000), destination: 'cancel-me@example.test' })
    const itemId = pp.itemOf(w.rail_payout_id!).payout_item_id as string
    pp.settle(itemId, 'UNCLAIMED')
    const result = await cancelWithdrawal(payload, user.id, w.id)
    expect(result).toMatchObject({ cancelled: true, withdrawal: { status: 'cancelled', reason: CANCELLED_REASON } })
    expect(pp.itemOf(w.rail_payout_id!).transaction_status).toBe('RETURNED')
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(2000) })
    const late = pp.event(itemId, 'PAYMENT.PAYOUTS-ITEM.RETURNED')
    expect(await (await hook('paypal', late.body, late.headers)).json()).toEqual({ received: true, result: 'ignored' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(2000) })

    const claimed = await withdraw(payload, user.id, { rail: 'paypal', amount: $(1000), destination: 'claimed-fast@example.test' })
    pp.settle(pp.itemOf(claimed.rail_payout_id!).payout_item_id as string, 'SUCCESS')
    expect(await cancelWithdrawal(payload, user.id, claimed.id)).toMatchObject({ cancelled: false, withdrawal: { status: 'succeeded' } })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1000) })
  })

  it('Tremendous: a reward on its way cannot be cancelled (Tremendous cancels only failed deliveries): it stays in transit', async () => {
    const user = await creator(500)
    const w = await withdraw(payload, user.id, { rail: 'tremendous', amount: $(500), destination: 'gift-cancel@example.test' })
    expect(await cancelWithdrawal(payload, user.id, w.id)).toMatchObject({ cancelled: false, withdrawal: { status: 'inTransit' } })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: 0n })
  })

  it('Tremendous: a payout whose webhook never came is settled by the status poll', async () => {
    const user = await creator(500)
    const w = await withdraw(payload, user.id, { rail: 'tremendous', amount: $(500), destination: 'poll@example.test' })
    tr.deliver((tr.orderOf(w.id).rewards as { id: string }[])[0].id, 'SUCCEEDED')
    // The poll takes the longest-unchecked first, a batch at a time; other files' withdrawals in transit may share this database, so run it as the cron would until this one is reached.
    let settled = 0
    for (let round = 1; round <= 20 && (await withdrawalOf(payload, w.id))?.status === 'inTransit'; round++) {
      settled += await pollInTransit(payload, new Date(Date.now() + round * 11 * 60_000))
    }
    expect(settled).toBeGreaterThanOrEqual(1)
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'succeeded' })
  })
})
