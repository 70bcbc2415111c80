/**
 * A local Stripe-compatible HTTP server for the billing tests: only what the Stripe provider uses
 * (customers, setup intents, payment methods, payment intents, refunds), state in memory, driven by
 * the real `stripe` SDK pointed at it (`host`, `port`, `protocol: 'http'`). No emulator is
 * installable here (reference/billing-notes.md): stripe-stateful-mock answers 404 for all of these.
 *
 * Test tokens as in Stripe's test mode: attaching `pm_card_visa`, `pm_card_mastercard`,
 * `pm_card_chargeDeclined`, `pm_card_chargeCustomerFail` or `pm_card_authenticationRequired` creates
 * a new `pm_…` with that card. A declined off-session payment answers HTTP 402 with the intent, as
 * Stripe does. (Stripe itself refuses to *attach* 4000…0002; here it attaches and declines at payment,
 * like 4000…0341, so one token serves both.)
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Json = Record<string, unknown>
type Behaviour = 'succeed' | 'decline' | 'authenticate'
type TestCard = { brand: string; last4: string; behaviour: Behaviour }

const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'decline' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', behaviour: 'decline' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: 'authenticate' },
}

export type StripeServerState = {
  secretKey: string
  customers: Map<string, Json>
  setupIntents: Map<string, Json>
  paymentMethods: Map<string, Json>
  paymentIntents: Map<string, Json>
  refunds: Map<string, Json>
  /** Every request as received: method, path, the Idempotency-Key and Stripe-Version headers. */
  requests: { method: string; path: string; idempotencyKey: string | null; stripeVersion: string | null }[]
  /** How many times an Idempotency-Key was answered from the store instead of run again. */
  replays: number
  /** Forces the next successful confirmation into this status (to test `processing`, `requires_action`). */
  nextIntentStatus: 'processing' | 'requires_action' | null
}

export type StripeServer = { host: string; port: number; state: StripeServerState; close(): Promise<void> }

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message))
  }
}

const invalid = (message: string, extra: Json = {}) => new ApiError(400, { type: 'invalid_request_error', message, ...extra })
const missing = (kind: string, id: string, param: string) => new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param })

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`
const now = () => Math.floor(Date.now() / 1000)

/** `a[b][0]=x` form fields (qs with arrayFormat indices, as the SDK sends them) to nested values. */
export function parseForm(body: string): Json {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter((part) => part !== '')
    let node = root
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value
      else node = (node[part] ??= {}) as Json
    })
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const)
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)) ? entries.map(([, v]) => v) : Object.fromEntries(entries)
  }
  return arrays(root) as Json
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
const metadataOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as Record<string, string>) : {})

export async function startStripeServer(secretKey = 'sk_test_local'): Promise<StripeServer> {
  const state: StripeServerState = { secretKey, customers: new Map(), setupIntents: new Map(), paymentMethods: new Map(), paymentIntents: new Map(), refunds: new Map(), requests: [], replays: 0, nextIntentStatus: null }
  const behaviours = new Map<string, Behaviour>()
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>()

  const customer = (id: string, param = 'customer') => state.customers.get(id) ?? throwing(missing('customer', id, param))
  const paymentMethod = (id: string) => state.paymentMethods.get(id) ?? throwing(missing('PaymentMethod', id, 'payment_method'))

  function route(httpMethod: string, path: string, params: Json, query: URLSearchParams): Json {
    let m: RegExpMatchArray | null
    if (httpMethod === 'POST' && path === '/v1/customers') {
      const c = { id: newId('cus'), object: 'customer', created: now(), livemode: false, email: str(params.email), metadata: metadataOf(params.metadata), invoice_settings: { default_payment_method: null } }
      state.customers.set(c.id, c)
      return c
    }
    if (httpMethod === 'POST' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const c = customer(m[1], 'id')
      const wanted = str((params.invoice_settings as Json | undefined)?.default_payment_method)
      if (wanted) {
        if (paymentMethod(wanted).customer !== c.id) throw invalid(`The customer does not have a payment method with the ID ${wanted}. The payment method must be attached to the customer.`, { param: 'invoice_settings[default_payment_method]' })
        c.invoice_settings = { default_payment_method: wanted }
      }
      if (params.email !== undefined) c.email = str(params.email)
      if (params.metadata !== undefined) c.metadata = { ...metadataOf(c.metadata), ...metadataOf(params.metadata) }
      return c
    }
    if (httpMethod === 'POST' && path === '/v1/setup_intents') {
      const id = newId('seti')
      if (params.customer !== undefined) customer(String(params.customer))
      const s = { id, object: 'setup_intent', client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`, customer: str(params.customer), usage: str(params.usage) ?? 'off_session', status: 'requires_payment_method', payment_method: null, created: now(), livemode: false }
      state.setupIntents.set(id, s)
      return s
    }
    if (httpMethod === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
      const customerId = str(params.customer) ?? throwing(invalid('Missing required param: customer.', { param: 'customer' }))
      customer(customerId)
      const card = TEST_CARDS[m[1]]
      if (card) {
        const pm = { id: newId('pm'), object: 'payment_method', type: 'card', created: now(), livemode: false, customer: customerId, metadata: {}, billing_details: { address: null, email: null, name: null, phone: null }, card: { brand: card.brand, display_brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US', wallet: null } }
        state.paymentMethods.set(pm.id, pm)
        behaviours.set(pm.id, card.behaviour)
        return pm
      }
      const pm = paymentMethod(m[1])
      if (pm.customer && pm.customer !== customerId) throw invalid('The payment method you provided has already been attached to a customer.', { code: 'payment_method_unexpected_state' })
      pm.customer = customerId
      return pm
    }
    if (httpMethod === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) {
      const pm = paymentMethod(m[1])
      if (!pm.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' })
      const owner = state.customers.get(String(pm.customer)) as { invoice_settings: { default_payment_method: string | null } } | undefined
      if (owner && owner.invoice_settings.default_payment_method === pm.id) owner.invoice_settings = { default_payment_method: null }
      pm.customer = null
      return pm
    }
    if (httpMethod === 'GET' && path === '/v1/payment_methods') {
      const customerId = query.get('customer')
      if (customerId) customer(customerId)
      const type = query.get('type')
      const limit = Number(query.get('limit') ?? 10)
      const data = [...state.paymentMethods.values()].filter((pm) => (!customerId || pm.customer === customerId) && (!type || pm.type === type)).reverse() // newest first
      return { object: 'list', url: '/v1/payment_methods', has_more: data.length > limit, data: data.slice(0, limit) }
    }
    if (httpMethod === 'POST' && path === '/v1/payment_intents') return createIntent(params)
    if (httpMethod === 'POST' && path === '/v1/refunds') return createRefund(params)
    throw new ApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${httpMethod}: ${path}).` })
  }

  function createIntent(params: Json): Json {
    const amount = Number(params.amount)
    if (!Number.isInteger(amount) || amount < 1) throw invalid('This value must be greater than or equal to 1.', { param: 'amount' })
    const currency = str(params.currency) ?? throwing(invalid('Missing required param: currency.', { param: 'currency' }))
    const customerId = str(params.customer)
    if (customerId) customer(customerId)
    const methodId = str(params.payment_method)
    const id = newId('pi')
    const intent: Json = { id, object: 'payment_intent', amount, amount_received: 0, currency: currency.toLowerCase(), customer: customerId, payment_method: methodId, metadata: metadataOf(params.metadata), status: 'requires_payment_method', last_payment_error: null, latest_charge: null, next_action: null, client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`, created: now(), livemode: false }
    state.paymentIntents.set(id, intent)
    if (params.confirm !== 'true') return intent
    if (!methodId) throw invalid('You cannot confirm this PaymentIntent because it\'s missing a payment method.', { code: 'payment_intent_unexpected_state', param: 'payment_method' })
    const pm = paymentMethod(methodId)
    if (customerId && pm.customer !== customerId) throw invalid(`The provided PaymentMethod ${methodId} is not attached to the customer ${customerId}.`, { param: 'payment_method' })
    const behaviour = behaviours.get(methodId) ?? 'succeed'
    if (behaviour !== 'succeed') {
      // As Stripe: the intent goes back to requires_payment_method and the error carries it (HTTP 402).
      const authentication = behaviour === 'authenticate'
      const error = { type: 'card_error', code: authentication ? 'authentication_required' : 'card_declined', decline_code: authentication ? 'authentication_required' : 'generic_decline', message: authentication ? 'Your card was declined. This transaction requires authentication.' : 'Your card was declined.', doc_url: `https://stripe.com/docs/error-codes/${authentication ? 'authentication-required' : 'card-declined'}`, charge: newId('ch'), payment_method: pm }
      intent.last_payment_error = error
      intent.latest_charge = error.charge
      throw new ApiError(402, { ...error, payment_intent: intent })
    }
    const forced = state.nextIntentStatus
    state.nextIntentStatus = null
    intent.status = forced ?? 'succeeded'
    if (forced === 'requires_action') intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} }
    else intent.latest_charge = newId('ch')
    if (!forced) intent.amount_received = amount
    return intent
  }

  function createRefund(params: Json): Json {
    const intentId = str(params.payment_intent) ?? throwing(invalid('One of the following params should be provided for this request: payment_intent or charge.'))
    const intent = state.paymentIntents.get(intentId) ?? throwing(missing('payment_intent', intentId, 'payment_intent'))
    if (intent.status !== 'succeeded') throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' })
    const refunded = [...state.refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + Number(r.amount), 0)
    const left = Number(intent.amount_received) - refunded
    if (left <= 0) throw invalid(`Charge ${String(intent.latest_charge)} has already been refunded.`, { code: 'charge_already_refunded' })
    const amount = params.amount === undefined ? left : Number(params.amount)
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', { param: 'amount' })
    if (amount > left) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { code: 'amount_too_large', param: 'amount' })
    const refund = { id: newId('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intentId, charge: intent.latest_charge, status: 'succeeded', metadata: metadataOf(params.metadata), created: now() }
    state.refunds.set(refund.id, refund)
    return refund
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://stripe.local')
    const httpMethod = req.method ?? 'GET'
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
    state.requests.push({ method: httpMethod, path: url.pathname, idempotencyKey: key, stripeVersion: typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : null })
    const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': newId('req') }
    if (typeof req.headers['stripe-version'] === 'string') headers['stripe-version'] = req.headers['stripe-version']
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...headers, ...extra })
      res.end(JSON.stringify(body))
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${(req.headers.authorization ?? '').replace(/^Bearer /, '').slice(0, 8)}****` } })
      return
    }
    const fingerprint = `${httpMethod} ${url.pathname} ${raw}`
    if (key && httpMethod === 'POST') {
      const stored = idempotent.get(key)
      if (stored && stored.fingerprint !== fingerprint) {
        send(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } })
        return
      }
      if (stored) {
        state.replays++
        send(stored.status, stored.body, { 'idempotent-replayed': 'true' })
        return
      }
    }
    let status = 200
    let body: Json
    try {
      body = route(httpMethod, url.pathname, httpMethod === 'GET' ? {} : parseForm(raw), url.searchParams)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      status = error.status
      body = { error: error.body }
    }
    // Like Stripe, results are kept for replay once the request ran (a success or a card error),
    // not when its parameters were refused.
    if (key && httpMethod === 'POST' && (status === 200 || status === 402)) idempotent.set(key, { fingerprint, status, body: structuredClone(body) })
    send(status, body)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' })
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    host: '127.0.0.1',
    port,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function throwing(error: Error): never {
  throw error
}
