/**
 * A local Tremendous-compatible HTTP server for the payout rail tests: only what the Tremendous rail
 * uses — orders create (idempotent on `external_id`: a reused one answers 201 with the order first
 * created and creates nothing, as Tremendous documents), orders get (by id or `external_id`),
 * rewards get and cancel (only after a delivery failure) — state in memory, Tremendous' JSON
 * shapes and error answers (`{"errors": {"message", "payload"}}`; 401 for a bad key, 404 unknown).
 *
 * Rewards start with delivery SCHEDULED; `deliver` moves one to SUCCEEDED or FAILED as Tremendous
 * would, and `event` builds the webhook it would send, signed `sha256=<hex HMAC>` with the key.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Json = Record<string, unknown>

export type TremendousServerState = {
  apiKey: string
  webhookKey: string
  orders: Map<string, Json>
  byExternalId: Map<string, string>
  rewards: Map<string, Json>
  requests: { method: string; path: string }[]
}

export type TremendousServer = {
  url: string
  state: TremendousServerState
  orderOf(externalId: string): Json
  /** Settles a reward's delivery (with Tremendous' failure reason when it failed). */
  deliver(rewardId: string, status: 'SUCCEEDED' | 'FAILED', failureReason?: string): void
  /** The webhook Tremendous would send: raw body and its signature header (signed with `key`, default the server's). */
  event(type: string, resource: { id: string; type: 'rewards' | 'orders' }, meta?: Json, key?: string): { body: string; headers: Record<string, string> }
  close(): Promise<void>
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.errors as Json | undefined)?.message))
  }
}

const newId = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'Q').toUpperCase().slice(0, 12)
const fail = (status: number, message: string, payload: Json = {}) => new ApiError(status, { errors: { message, payload } })
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function startTremendousServer(options: { apiKey?: string; webhookKey?: string } = {}): Promise<TremendousServer> {
  const state: TremendousServerState = {
    apiKey: options.apiKey ?? 'TEST_tremendous_key',
    webhookKey: options.webhookKey ?? 'tremendous-webhook-private-key',
    orders: new Map(),
    byExternalId: new Map(),
    rewards: new Map(),
    requests: [],
  }

  /** The order as the API shows it: its rewards as they stand now. */
  const view = (order: Json): Json => ({ ...order, rewards: (order.reward_ids as string[]).map((id) => state.rewards.get(id)) , reward_ids: undefined })
  const orderBy = (idOrExternal: string): Json => {
    const id = state.orders.has(idOrExternal) ? idOrExternal : state.byExternalId.get(idOrExternal)
    const order = id ? state.orders.get(id) : undefined
    if (!order) throw fail(404, 'Record not found')
    return order
  }

  function createOrder(body: Json): [number, Json] {
    const externalId = typeof body.external_id === 'string' ? body.external_id : null
    if (externalId && state.byExternalId.has(externalId)) return [201, { order: view(state.orders.get(state.byExternalId.get(externalId)!)!) }]
    const reward = (body.reward ?? {}) as Json
    const value = (reward.value ?? {}) as Json
    const recipient = (reward.recipient ?? {}) as Json
    const payment = (body.payment ?? {}) as Json
    if (!payment.funding_source_id) throw fail(400, 'payment: funding_source_id is missing', { payment: { funding_source_id: ['is missing'] } })
    if (!reward.campaign_id && !(Array.isArray(reward.products) && reward.products.length)) throw fail(400, 'reward: products or campaign_id must be specified', { reward: ['products or campaign_id must be specified'] })
    if (typeof value.denomination !== 'number' || !(value.denomination > 0)) throw fail(400, 'reward.value: denomination must be greater than 0', { reward: { value: { denomination: ['must be greater than 0'] } } })
    if (value.currency_code !== 'USD') throw fail(400, 'reward.value: currency_code is not supported', {})
    if (typeof recipient.email !== 'string' || !EMAIL.test(recipient.email)) throw fail(400, 'reward.recipient: email is invalid', { reward: { recipient: { email: ['is invalid'] } } })
    if (!recipient.name) throw fail(400, 'reward.recipient: name is missing', { reward: { recipient: { name: ['is missing'] } } })
    const orderId = newId()
    const rewardId = newId()
    const created = new Date().toISOString()
    state.rewards.set(rewardId, {
      id: rewardId,
      order_id: orderId,
      created_at: created,
      value: { denomination: value.denomination, currency_code: 'USD' },
      recipient: { email: recipient.email, name: recipient.name },
      delivery: { method: 'EMAIL', status: 'SCHEDULED' },
      ...(reward.campaign_id ? { campaign_id: reward.campaign_id } : {}),
      ...(reward.products ? { products: reward.products } : {}),
    })
    const order: Json = {
      id: orderId,
      external_id: externalId,
      campaign_id: reward.campaign_id ?? null,
      created_at: created,
      status: 'EXECUTED',
      channel: 'API',
      payment: { subtotal: value.denomination, total: value.denomination, fees: 0 },
      reward_ids: [rewardId],
    }
    state.orders.set(orderId, order)
    if (externalId) state.byExternalId.set(externalId, orderId)
    return [201, { order: view(order) }]
  }

  function route(req: IncomingMessage, path: string, raw: string): [number, Json] {
    if (req.headers.authorization !== `Bearer ${state.apiKey}`) throw fail(401, 'Unauthorized: the API key is missing or invalid')
    const method = req.method ?? 'GET'
    let body: Json = {}
    if (method === 'POST' && raw) {
      try {
        body = JSON.parse(raw) as Json
      } catch {
        throw fail(400, 'The request body is not valid JSON')
      }
    }
    if (method === 'POST' && path === '/api/v2/orders') return createOrder(body)
    let m = /^\/api\/v2\/orders\/([^/]+)$/.exec(path)
    if (method === 'GET' && m) return [200, { order: view(orderBy(decodeURIComponent(m[1]))) }]
    m = /^\/api\/v2\/rewards\/([^/]+)$/.exec(path)
    if (method === 'GET' && m) {
      const reward = state.rewards.get(decodeURIComponent(m[1]))
      if (!reward) throw fail(404, 'Record not found')
      return [200, { reward }]
    }
    m = /^\/api\/v2\/rewards\/([^/]+)\/cancel$/.exec(path)
    if (method === 'POST' && m) {
      const reward = state.rewards.get(decodeURIComponent(m[1]))
      if (!reward) throw fail(404, 'Record not found')
      if ((reward.delivery as Json).status !== 'FAILED') throw fail(422, 'Only non-expired rewards with a delivery failure can be canceled')
      const order = state.orders.get(String(reward.order_id))!
      order.status = 'CANCELED'
      return [200, { reward }]
    }
    throw fail(404, 'Not found')
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const path = (req.url ?? '/').split('?')[0]
    state.requests.push({ method: req.method ?? 'GET', path })
    let status: number
    let body: Json
    try {
      ;[status, body] = route(req, path, raw)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      status = error.status
      body = error.body
    }
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ errors: { message: String(error), payload: {} } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    state,
    orderOf: (externalId) => view(orderBy(externalId)),
    deliver(rewardId, status, failureReason) {
      const reward = state.rewards.get(rewardId)
      if (!reward) throw new Error(`no reward ${rewardId}`)
      reward.delivery = { method: 'EMAIL', status, ...(failureReason ? { failure_reason: failureReason } : {}) }
    },
    event(type, resource, meta = {}, key = state.webhookKey) {
      const body = JSON.stringify({ event: type, uuid: randomUUID(), created_utc: new Date().toISOString(), payload: { resource, meta } })
      return { body, headers: { 'tremendous-webhook-signature': `sha256=${createHmac('sha256', key).update(body).digest('hex')}` } }
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
