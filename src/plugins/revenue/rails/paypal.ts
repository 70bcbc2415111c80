import { usdDecimal } from '../../../lib/revenue/money'
import { type PayoutLookup, type PayoutOutcome, type PayoutRail, type PayoutRequest, type RailEvent, type RailName, WebhookRejected } from './types'

/**
 * PayPal and Venmo through PayPal Payouts (billing-notes.md; issue 30 item 5). One PayPal REST app
 * serves both rails: an OAuth client-credentials token (cached until shortly before it expires),
 * one payout batch of one item per withdrawal with our withdrawal id as `sender_batch_id` (PayPal
 * refuses a batch id used in the last 30 days: that refusal means "already sent") and as the item's
 * `sender_item_id`; the batch's id is the payout id we keep. Statuses from the batch's item,
 * cancel of an unclaimed item, and webhooks verified by PayPal's own verify-webhook-signature call.
 *
 * PayPal has no lookup by `sender_batch_id`. A payout whose create answer was lost (the batch id
 * never seen) is sent again by the status poll with the same `sender_batch_id` (and the same
 * `PayPal-Request-Id`): PayPal pays a batch id once in 30 days and answers the repeat either with
 * the batch (never created the first time) or with its duplicate-batch refusal, which carries a
 * HATEOAS link to the original batch — either way the batch id is learnt and nothing is paid twice.
 * Past those 30 days it is never sent again (the batch id could be paid anew).
 */
export type PayPalConfig = {
  clientId: string
  clientSecret: string
  /** The webhook's id at PayPal (verification needs it); unset, every webhook is refused. */
  webhookId?: string
  /** e.g. https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a local server in tests. */
  apiBase: string
  fetch?: typeof fetch
}

type Json = Record<string, unknown>
type ApiAnswer = { status: number; body: Json }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const SUBJECT = 'You have a payout from Blockforge'
const NOTE = 'Blockforge creator revenue'
/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000
export const PAYPAL_WEBHOOK_HEADERS = ['paypal-transmission-id', 'paypal-transmission-time', 'paypal-transmission-sig', 'paypal-cert-url', 'paypal-auth-algo'] as const

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {})

export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(`PayPal answered ${status}: ${str(body.name) ?? str(body.error) ?? ''} ${str(body.message) ?? str(body.error_description) ?? ''}`.trim())
  }
}

/** The reason PayPal gives in an error answer, for the creator. */
function reasonOf(body: Json, fallback: string): string {
  const detail = Array.isArray(body.details) ? obj(body.details[0]) : {}
  return str(detail.issue) ?? str(detail.description) ?? str(body.message) ?? fallback
}

/** PayPal repeats a `sender_batch_id` for 30 days; after that a repeat would be a new payout. */
export const PAYPAL_BATCH_ID_DAYS = 30

/** The original batch's id from the HATEOAS link of a duplicate-batch refusal (`…/v1/payments/payouts/{id}`). */
export function linkedBatchId(body: Json): string | null {
  const links = Array.isArray(body.links) ? body.links.map(obj) : []
  for (const link of links) {
    const match = /\/v1\/payments\/payouts\/([^/?#]+)/.exec(str(link.href) ?? '')
    if (match) return decodeURIComponent(match[1])
  }
  return null
}

const isDuplicateBatch = (answer: ApiAnswer): boolean =>
  answer.status === 400 &&
  Array.isArray(answer.body.details) &&
  answer.body.details.some((d) => /sender_batch_id/i.test(`${str(obj(d).field) ?? ''} ${str(obj(d).issue) ?? ''}`) || /duplicate batch/i.test(str(obj(d).issue) ?? ''))

/** A payout item's `transaction_status` as our outcome. */
export function itemOutcome(item: Json, railPayoutId: string | null): PayoutOutcome {
  const status = (str(item.transaction_status) ?? '').toUpperCase()
  const errors = obj(item.errors)
  const said = str(errors.message) ?? str(errors.name)
  switch (status) {
    case 'SUCCESS':
      return { status: 'succeeded', railPayoutId }
    case 'FAILED':
      return { status: 'failed', railPayoutId, reason: said ?? 'PayPal could not pay this destination.' }
    case 'BLOCKED':
      return { status: 'failed', railPayoutId, reason: said ?? 'PayPal blocked this payout.' }
    case 'DENIED':
      return { status: 'failed', railPayoutId, reason: said ?? 'PayPal denied this payout.' }
    case 'RETURNED':
      return { status: 'returned', railPayoutId, reason: said ?? 'Nobody claimed the payment within 30 days, so PayPal returned it.' }
    case 'REFUNDED':
    case 'REVERSED':
      return { status: 'returned', railPayoutId, reason: said ?? 'PayPal reversed the payment.' }
    case 'CANCELED':
    case 'CANCELLED':
      return { status: 'cancelled', railPayoutId, reason: said ?? 'The payout was cancelled before it was claimed.' }
    default:
      // PENDING, PROCESSING, UNCLAIMED (waiting for the recipient), ONHOLD, NEW: not settled yet.
      return { status: 'pending', railPayoutId }
  }
}

/** A payout batch (GET /v1/payments/payouts/{id}) as our outcome: its one item, or the batch's own refusal. */
function batchOutcome(batch: Json, railPayoutId: string): PayoutOutcome {
  const items = Array.isArray(batch.items) ? batch.items.map(obj) : []
  if (items[0]) return itemOutcome(items[0], railPayoutId)
  const status = (str(obj(batch.batch_header).batch_status) ?? '').toUpperCase()
  if (status === 'DENIED') return { status: 'failed', railPayoutId, reason: 'PayPal denied this payout.' }
  if (status === 'CANCELED') return { status: 'cancelled', railPayoutId, reason: 'PayPal cancelled this payout.' }
  return { status: 'pending', railPayoutId }
}

/** Webhook events about one payout item, and what each says. */
const ITEM_EVENT = /^PAYMENT\.PAYOUTS-ITEM\.([A-Z]+)$/
const ITEM_EVENT_STATUS: Record<string, string> = {
  SUCCEEDED: 'SUCCESS',
  FAILED: 'FAILED',
  RETURNED: 'RETURNED',
  UNCLAIMED: 'UNCLAIMED',
  BLOCKED: 'BLOCKED',
  CANCELED: 'CANCELED',
  DENIED: 'DENIED',
  REFUNDED: 'REFUNDED',
  HELD: 'ONHOLD',
}

export type PayPalClient = {
  /** A bearer token, fetched once and reused until shortly before it expires. */
  token(): Promise<string>
  call(method: 'GET' | 'POST', path: string, body?: Json | string, headers?: Record<string, string>): Promise<ApiAnswer>
}

export function paypalClient(config: PayPalConfig): PayPalClient {
  const doFetch = config.fetch ?? fetch
  const base = config.apiBase.replace(/\/$/, '')
  let cached: { token: string; expiresAt: number } | null = null
  let inFlight: Promise<string> | null = null

  async function fetchToken(): Promise<string> {
    const response = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    const body = obj(await response.json().catch(() => ({})))
    const token = str(body.access_token)
    if (!response.ok || !token) throw new PayPalError(response.status, body)
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300
    cached = { token, expiresAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS }
    return token
  }

  async function token(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token
    inFlight ??= fetchToken().finally(() => {
      inFlight = null
    })
    return inFlight
  }

  async function call(method: 'GET' | 'POST', path: string, body?: Json | string, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await token()
      const response = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      })
      const text = await response.text()
      let parsed: Json = {}
      try {
        parsed = obj(text ? JSON.parse(text) : {})
      } catch {
        parsed = { message: text.slice(0, 200) }
      }
      // A token PayPal no longer takes (revoked, clock skew): forget it and ask once more.
      if (response.status === 401 && attempt === 0) {
        cached = null
        continue
      }
      if (response.status === 401 || response.status === 403 || response.status >= 500 || response.status === 429) throw new PayPalError(response.status, parsed)
      return { status: response.status, body: parsed }
    }
  }

  return { token, call }
}

type Recipient = { recipient_type: 'EMAIL' | 'PHONE'; receiver: string; recipient_wallet: 'PAYPAL' | 'Venmo' }

/** Venmo pays US phone numbers (10 digits, an optional +1) and emails; PayPal pays emails. */
function normalise(rail: 'paypal' | 'venmo', raw: string): string | null {
  const text = raw.trim()
  const email = text.toLowerCase()
  if (EMAIL.test(email) && email.length <= 254) return email
  if (rail !== 'venmo') return null
  const digits = text.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, '')
  return /^\d{10}$/.test(digits) ? digits : null
}

const recipientOf = (rail: 'paypal' | 'venmo', destination: string): Recipient => ({
  recipient_type: destination.includes('@') ? 'EMAIL' : 'PHONE',
  receiver: destination,
  recipient_wallet: rail === 'venmo' ? 'Venmo' : 'PAYPAL',
})

/**
 * The PayPal and Venmo rails over one client (one token, one webhook). Their `verifyWebhook` is the
 * same: an event is about a PayPal or a Venmo payout by its item's `recipient_wallet`.
 */
export function paypalRails(config: PayPalConfig): { paypal: PayoutRail; venmo: PayoutRail; client: PayPalClient } {
  const client = paypalClient(config)
  /** Batch ids this process has seen, by withdrawal id (PayPal cannot be asked by `sender_batch_id`). */
  const batches = new Map<string, string>()

  async function getBatch(batchId: string): Promise<Json | null> {
    const answer = await client.call('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`)
    if (answer.status === 404) return null
    if (answer.status >= 400) throw new PayPalError(answer.status, answer.body)
    return answer.body
  }

  async function send(rail: 'paypal' | 'venmo', request: PayoutRequest): Promise<PayoutOutcome> {
    const body = {
      sender_batch_header: { sender_batch_id: request.withdrawalId, email_subject: SUBJECT, email_message: NOTE },
      items: [{ ...recipientOf(rail, request.destination), amount: { value: usdDecimal(request.amount), currency: request.currency }, note: NOTE, sender_item_id: request.withdrawalId }],
    }
    const answer = await client.call('POST', '/v1/payments/payouts', body, { 'paypal-request-id': `payout-${request.withdrawalId}` })
    if (answer.status === 200 || answer.status === 201) {
      const batchId = str(obj(answer.body.batch_header).payout_batch_id)
      if (batchId) batches.set(request.withdrawalId, batchId)
      return { status: 'pending', railPayoutId: batchId }
    }
    if (isDuplicateBatch(answer)) {
      // Sent before (a retry, or an answer that was lost): nothing new is paid; where it stands is the
      // batch's, found by the id this process saw or by the refusal's link to the original batch.
      const known = batches.get(request.withdrawalId) ?? linkedBatchId(answer.body)
      if (known) batches.set(request.withdrawalId, known)
      const batch = known ? await getBatch(known) : null
      return known && batch ? batchOutcome(batch, known) : { status: 'pending', railPayoutId: known ?? null }
    }
    // Any other refusal (a receiver PayPal will not pay, our PayPal balance too low …) is final: the money goes back.
    return { status: 'failed', railPayoutId: null, reason: `PayPal refused the payout: ${reasonOf(answer.body, `HTTP ${answer.status}`)}` }
  }

  async function status(rail: 'paypal' | 'venmo', request: PayoutLookup): Promise<PayoutOutcome> {
    const batchId = request.railPayoutId ?? batches.get(request.withdrawalId)
    if (!batchId) {
      // Its create answer never came, and PayPal cannot be asked by our id: the same payout is sent
      // again (same sender_batch_id: paid once), within PayPal's 30 days; else its webhook names the batch.
      const fresh = !request.sentAt || Date.now() - request.sentAt.getTime() < (PAYPAL_BATCH_ID_DAYS - 1) * 86_400_000
      if (request.amount == null || !fresh) return { status: 'pending', railPayoutId: null }
      return send(rail, { withdrawalId: request.withdrawalId, amount: request.amount, currency: 'USD', destination: request.destination })
    }
    const batch = await getBatch(batchId)
    if (!batch) return { status: 'pending', railPayoutId: batchId }
    return batchOutcome(batch, batchId)
  }

  async function cancel(rail: 'paypal' | 'venmo', request: PayoutLookup): Promise<PayoutOutcome> {
    // A payout whose batch id was never seen is looked up first (sent again: see `status`).
    const batchId = request.railPayoutId ?? batches.get(request.withdrawalId) ?? (await status(rail, request)).railPayoutId
    if (!batchId) throw new Error(`PayPal: no payout batch is known for withdrawal ${request.withdrawalId}`)
    const batch = await getBatch(batchId)
    if (!batch) throw new Error(`PayPal: payout batch ${batchId} not found`)
    const item = Array.isArray(batch.items) ? obj(batch.items[0]) : {}
    const itemId = str(item.payout_item_id)
    // Only an unclaimed item can be cancelled; anything else stays as it is.
    if (!itemId || str(item.transaction_status) !== 'UNCLAIMED') return batchOutcome(batch, batchId)
    const answer = await client.call('POST', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}/cancel`)
    if (answer.status >= 400) return batchOutcome((await getBatch(batchId)) ?? batch, batchId)
    return { status: 'cancelled', railPayoutId: batchId, reason: 'The payout was cancelled before it was claimed.' }
  }

  async function verifyWebhook(rawBody: string, headers: Headers): Promise<RailEvent> {
    if (!config.webhookId) throw new WebhookRejected('PAYPAL_WEBHOOK_ID is not set.')
    const h = Object.fromEntries(PAYPAL_WEBHOOK_HEADERS.map((name) => [name, headers.get(name)]))
    if (PAYPAL_WEBHOOK_HEADERS.some((name) => !h[name])) throw new WebhookRejected('PayPal transmission headers missing.')
    let event: Json
    try {
      event = obj(JSON.parse(rawBody))
    } catch {
      throw new WebhookRejected('The body is not JSON.')
    }
    const id = str(event.id)
    const type = str(event.event_type)
    if (!id || !type) throw new WebhookRejected('Not an event.')
    // The event goes back exactly as received (spliced in, not re-serialised): PayPal checks its bytes.
    const fields = {
      auth_algo: h['paypal-auth-algo'],
      cert_url: h['paypal-cert-url'],
      transmission_id: h['paypal-transmission-id'],
      transmission_sig: h['paypal-transmission-sig'],
      transmission_time: h['paypal-transmission-time'],
      webhook_id: config.webhookId,
    }
    const request = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`
    const answer = await client.call('POST', '/v1/notifications/verify-webhook-signature', request)
    if (answer.status >= 400) throw new WebhookRejected(`PayPal refused to verify: ${reasonOf(answer.body, `HTTP ${answer.status}`)}`)
    if (answer.body.verification_status !== 'SUCCESS') throw new WebhookRejected('PayPal says the signature does not hold.')
    return eventOf(id, type, obj(event.resource))
  }

  const rail = (name: 'paypal' | 'venmo'): PayoutRail => ({
    name,
    testMode: false,
    destination: (raw) => normalise(name, raw),
    send: (request) => send(name, request),
    status: (request) => status(name, request),
    cancel: (request) => cancel(name, request),
    verifyWebhook,
  })
  return { paypal: rail('paypal'), venmo: rail('venmo'), client }
}

/** A verified PayPal event, reduced: item events carry their outcome; a denied batch fails its payout. */
function eventOf(id: string, type: string, resource: Json): RailEvent {
  const item = ITEM_EVENT.exec(type)
  if (item) {
    const payoutItem = obj(resource.payout_item)
    const withdrawalId = str(resource.sender_batch_id) ?? str(payoutItem.sender_item_id)
    const railName: RailName = (str(payoutItem.recipient_wallet) ?? '').toUpperCase() === 'VENMO' ? 'venmo' : 'paypal'
    const status = ITEM_EVENT_STATUS[item[1]]
    const outcome = status ? itemOutcome({ ...resource, transaction_status: status }, str(resource.payout_batch_id)) : null
    return { id, type, withdrawalId, outcome, rail: railName }
  }
  if (type === 'PAYMENT.PAYOUTSBATCH.DENIED') {
    const header = obj(resource.batch_header)
    const withdrawalId = str(obj(header.sender_batch_header).sender_batch_id)
    return { id, type, withdrawalId, outcome: { status: 'failed', railPayoutId: str(header.payout_batch_id), reason: 'PayPal denied this payout.' } }
  }
  return { id, type, withdrawalId: null, outcome: null }
}
