/**
 * A local PayPal-compatible HTTP server for the payout rail tests: only what the PayPal rail uses —
 * the OAuth client-credentials token, payouts create / get, payout item cancel, and
 * verify-webhook-signature — with state in memory and PayPal's JSON shapes and error answers
 * (a reused `sender_batch_id`: 400 USER_BUSINESS_ERROR; an unknown batch: 404 RESOURCE_NOT_FOUND;
 * a bad token: 401 AUTHENTICATION_FAILURE; cancelling a claimed item: 400). `loseCreateAnswers`
 * makes payout creates whose answer never arrives (the batch made, the connection dropped).
 *
 * Items start PENDING; `settle` moves one (SUCCESS, UNCLAIMED, FAILED …) as PayPal would later, and
 * `event` builds the webhook PayPal would send about it, with transmission headers this server
 * remembers, so its verify endpoint answers SUCCESS for exactly those (and that event body).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Json = Record<string, unknown>

export type PayPalServerState = {
  clientId: string
  clientSecret: string
  webhookId: string
  /** Seconds a token lives (PayPal: 32400). */
  tokenTtl: number
  tokens: Map<string, number>
  batches: Map<string, { header: Json; items: string[] }>
  bySenderBatchId: Map<string, string>
  items: Map<string, Json>
  /** Webhook transmissions this server sent: transmission id → its headers and body. */
  transmissions: Map<string, { headers: Record<string, string>; body: string }>
  requests: { method: string; path: string; requestId: string | null }[]
  /** Payout creates whose answer is lost: the batch is made, then the connection is dropped unanswered. */
  loseCreateAnswers: number
}

export type PayPalServer = {
  url: string
  state: PayPalServerState
  /** Moves an item to a new `transaction_status` (with PayPal's error when it failed). */
  settle(itemId: string, status: string, error?: { name: string; message: string }): void
  itemOf(batchId: string): Json
  /** The webhook PayPal would send about an item: its raw body and transmission headers. */
  event(itemId: string, eventType: string): { body: string; headers: Record<string, string> }
  close(): Promise<void>
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? body.error))
  }
}

const newId = (n = 13) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, n)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const INFO = 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors'
const validation = (field: string, issue: string) =>
  new ApiError(400, { name: 'VALIDATION_ERROR', message: 'Invalid request - see details', debug_id: newId(), information_link: INFO, details: [{ field, location: 'body', issue }], links: [] })
const notFound = () => new ApiError(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', debug_id: newId(), information_link: INFO })

export async function startPayPalServer(options: { clientId?: string; clientSecret?: string; webhookId?: string } = {}): Promise<PayPalServer> {
  const state: PayPalServerState = {
    clientId: options.clientId ?? 'paypal-client',
    clientSecret: options.clientSecret ?? 'paypal-secret',
    webhookId: options.webhookId ?? 'WH-LOCAL-1',
    tokenTtl: 32400,
    tokens: new Map(),
    batches: new Map(),
    bySenderBatchId: new Map(),
    items: new Map(),
    transmissions: new Map(),
    requests: [],
    loseCreateAnswers: 0,
  }
  let url = ''

  function batchView(batchId: string): Json {
    const batch = state.batches.get(batchId) ?? (() => { throw notFound() })()
    const items = batch.items.map((id) => state.items.get(id)!)
    const done = items.every((i) => !['PENDING', 'PROCESSING'].includes(String(i.transaction_status)))
    return {
      batch_header: { ...batch.header, batch_status: done ? 'SUCCESS' : 'PROCESSING' },
      items,
      links: [{ href: `${url}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }],
    }
  }

  function createPayout(body: Json): [number, Json] {
    const header = (body.sender_batch_header ?? {}) as Json
    const senderBatchId = typeof header.sender_batch_id === 'string' ? header.sender_batch_id : null
    if (senderBatchId && state.bySenderBatchId.has(senderBatchId)) {
      throw new ApiError(400, {
        name: 'USER_BUSINESS_ERROR',
        message: 'User business error.',
        debug_id: newId(),
        information_link: INFO,
        details: [{ field: 'SENDER_BATCH_ID', location: 'body', issue: 'Batch with given sender_batch_id already exists' }],
        // As PayPal documents: a HATEOAS link to the original payout with that sender_batch_id.
        links: [{ href: `${url}/v1/payments/payouts/${state.bySenderBatchId.get(senderBatchId)}`, rel: 'self', method: 'GET' }],
      })
    }
    const items = Array.isArray(body.items) ? (body.items as Json[]) : []
    if (!items.length) throw validation('items', 'Items must not be empty')
    const batchId = newId()
    const itemIds: string[] = []
    for (const [i, item] of items.entries()) {
      const amount = (item.amount ?? {}) as Json
      if (!/^\d+(\.\d{1,2})?$/.test(String(amount.value)) || Number(amount.value) <= 0) throw validation(`items[${i}].amount.value`, 'Amount must be a positive decimal with up to 2 places')
      if (amount.currency !== 'USD') throw validation(`items[${i}].amount.currency`, 'Currency is not supported')
      const receiver = String(item.receiver ?? '')
      const type = item.recipient_type
      const ok = type === 'EMAIL' ? EMAIL.test(receiver) : type === 'PHONE' ? /^\d{10}$/.test(receiver) : false
      if (!ok) throw validation(`items[${i}].receiver`, 'Receiver is invalid or does not match with type')
      const itemId = newId()
      state.items.set(itemId, {
        payout_item_id: itemId,
        transaction_status: 'PENDING',
        payout_item_fee: { currency: 'USD', value: '0.00' },
        payout_batch_id: batchId,
        sender_batch_id: senderBatchId,
        payout_item: { recipient_type: type, amount: { currency: 'USD', value: amount.value }, note: item.note, receiver, sender_item_id: item.sender_item_id, recipient_wallet: String(item.recipient_wallet ?? 'PAYPAL').toUpperCase() },
        links: [{ href: `${url}/v1/payments/payouts-item/${itemId}`, rel: 'item', method: 'GET' }],
      })
      itemIds.push(itemId)
    }
    const total = items.reduce((sum, i) => sum + Math.round(Number((i.amount as Json).value) * 100), 0)
    const batchHeader = {
      payout_batch_id: batchId,
      batch_status: 'PENDING',
      time_created: new Date().toISOString(),
      sender_batch_header: { sender_batch_id: senderBatchId, email_subject: header.email_subject },
      amount: { currency: 'USD', value: (total / 100).toFixed(2) },
      fees: { currency: 'USD', value: '0.00' },
    }
    state.batches.set(batchId, { header: batchHeader, items: itemIds })
    if (senderBatchId) state.bySenderBatchId.set(senderBatchId, batchId)
    return [201, { batch_header: { payout_batch_id: batchId, batch_status: 'PENDING', sender_batch_header: batchHeader.sender_batch_header }, links: [{ href: `${url}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }] }]
  }

  function verify(body: Json): Json {
    for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']) {
      if (!body[field]) throw validation(field, 'MISSING_REQUIRED_PARAMETER')
    }
    const sent = state.transmissions.get(String(body.transmission_id))
    const ok =
      !!sent &&
      body.webhook_id === state.webhookId &&
      sent.headers['paypal-transmission-sig'] === body.transmission_sig &&
      sent.headers['paypal-transmission-time'] === body.transmission_time &&
      sent.headers['paypal-cert-url'] === body.cert_url &&
      sent.headers['paypal-auth-algo'] === body.auth_algo &&
      JSON.stringify(JSON.parse(sent.body)) === JSON.stringify(body.webhook_event)
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' }
  }

  function route(req: IncomingMessage, path: string, raw: string): [number, Json] {
    const method = req.method ?? 'GET'
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64')}`
      if (req.headers.authorization !== expected) throw new ApiError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') throw new ApiError(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' })
      const token = `A21AA${newId(40)}`
      state.tokens.set(token, Date.now() + state.tokenTtl * 1000)
      return [200, { scope: 'https://uri.paypal.com/services/payments/payouts', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: state.tokenTtl, nonce: `${new Date().toISOString()}${newId(8)}` }]
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const expires = bearer ? state.tokens.get(bearer) : undefined
    if (!expires || expires < Date.now()) {
      throw new ApiError(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }] })
    }
    let body: Json = {}
    if (method === 'POST' && raw) {
      try {
        body = JSON.parse(raw) as Json
      } catch {
        throw new ApiError(400, { name: 'MALFORMED_REQUEST', message: 'The request JSON is not well formed.', debug_id: newId() })
      }
    }
    if (method === 'POST' && path === '/v1/payments/payouts') return createPayout(body)
    let m = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path)
    if (method === 'GET' && m) return [200, batchView(decodeURIComponent(m[1]))]
    m = /^\/v1\/payments\/payouts-item\/([^/]+)$/.exec(path)
    if (method === 'GET' && m) return [200, state.items.get(decodeURIComponent(m[1])) ?? (() => { throw notFound() })()]
    m = /^\/v1\/payments\/payouts-item\/([^/]+)\/cancel$/.exec(path)
    if (method === 'POST' && m) {
      const item = state.items.get(decodeURIComponent(m[1])) ?? (() => { throw notFound() })()
      if (item.transaction_status !== 'UNCLAIMED') {
        throw new ApiError(400, { name: 'ITEM_ALREADY_PROCESSED', message: 'Only unclaimed payout items can be cancelled.', debug_id: newId(), information_link: INFO })
      }
      // As PayPal: the unclaimed money comes back to the sender, the item reads RETURNED.
      item.transaction_status = 'RETURNED'
      item.time_processed = new Date().toISOString()
      return [200, item]
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return [200, verify(body)]
    throw notFound()
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const path = (req.url ?? '/').split('?')[0]
    const requestId = req.headers['paypal-request-id']
    state.requests.push({ method: req.method ?? 'GET', path, requestId: typeof requestId === 'string' ? requestId : null })
    let status: number
    let body: Json
    try {
      ;[status, body] = route(req, path, raw)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      status = error.status
      body = error.body
    }
    if (state.loseCreateAnswers > 0 && req.method === 'POST' && path === '/v1/payments/payouts' && status === 201) {
      state.loseCreateAnswers--
      req.socket.destroy()
      return
    }
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': newId() })
    res.end(JSON.stringify(body))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ name: 'INTERNAL_SERVICE_ERROR', message: String(error) }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    state,
    settle(itemId, status, error) {
      const item = state.items.get(itemId)
      if (!item) throw new Error(`no item ${itemId}`)
      item.transaction_status = status
      item.time_processed = new Date().toISOString()
      if (error) item.errors = error
    },
    itemOf(batchId) {
      const batch = state.batches.get(batchId)
      if (!batch) throw new Error(`no batch ${batchId}`)
      return state.items.get(batch.items[0])!
    },
    event(itemId, eventType) {
      const item = state.items.get(itemId)
      if (!item) throw new Error(`no item ${itemId}`)
      const body = JSON.stringify({
        id: `WH-${newId(17)}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        event_type: eventType,
        summary: `Payout item ${eventType.split('.').pop()?.toLowerCase()}`,
        resource: item,
        links: [{ href: `${url}/v1/notifications/webhooks-events/WH-1`, rel: 'self', method: 'GET' }],
      })
      const transmissionId = randomUUID()
      const headers = {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': randomBytes(128).toString('base64'),
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
        'paypal-auth-algo': 'SHA256withRSA',
      }
      state.transmissions.set(transmissionId, { headers, body })
      return { body, headers }
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
