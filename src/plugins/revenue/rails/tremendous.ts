import { usdDecimal } from '../../../lib/revenue/money'
import { hmacHex, sameHex } from '../../../lib/revenue/signature'
import { type PayoutOutcome, type PayoutRail, type RailEvent, WebhookRejected } from './types'

/**
 * Tremendous (gift cards; billing-notes.md, issue 30 item 5): one order of one reward per
 * withdrawal, `external_id` = our withdrawal id (Tremendous answers a reused `external_id` with the
 * order first created, and creates nothing), delivered by email to the creator, from the configured
 * campaign's products (or one product). The order's id is the payout id we keep; an order can be
 * read by its `external_id` too, so a lost create answer is found again. Webhooks are signed
 * `Tremendous-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with the webhook's
 * private key; reward events name only the reward, so its order is read to find the withdrawal.
 */
export type TremendousConfig = {
  apiKey: string
  /** The webhook's private key; unset, every webhook is refused. */
  webhookKey?: string
  /** The campaign whose products the recipient chooses from … */
  campaignId?: string
  /** … or one product (a gift card). */
  productId?: string
  /** e.g. https://api.tremendous.com, https://testflight.tremendous.com, or a local server in tests. */
  apiBase: string
  /** Default `balance`: the Tremendous account's prepaid balance. */
  fundingSourceId?: string
  fetch?: typeof fetch
}

type Json = Record<string, unknown>
type ApiAnswer = { status: number; body: Json }

export const TREMENDOUS_SIGNATURE_HEADER = 'tremendous-webhook-signature'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {})

export class TremendousError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(`Tremendous answered ${status}: ${messageOf(body) ?? ''}`.trim())
  }
}

function messageOf(body: Json): string | null {
  const errors = obj(body.errors)
  return str(errors.message) ?? str(body.message)
}

const FAILURE_REASONS: Record<string, string> = {
  invalid_email: 'The email address does not exist or has a typo.',
  invalid_domain: 'The email’s domain cannot receive email.',
  mailbox_unavailable: 'The mailbox is full or not accepting email.',
  domain_block: 'The email provider blocked the reward’s email.',
  spam_report: 'The reward’s email was marked as spam, so it cannot be delivered.',
  apple_private_relay: 'The address is an Apple private relay that does not accept the reward’s email.',
}
const deliveryFailure = (reason: string | null) => (reason && FAILURE_REASONS[reason]) ?? `Tremendous could not deliver the reward${reason ? ` (${reason})` : ''}.`

/** An order (one reward) as our outcome. */
export function orderOutcome(order: Json): PayoutOutcome {
  const railPayoutId = str(order.id)
  const status = (str(order.status) ?? '').toUpperCase()
  if (status === 'CANCELED') return { status: 'cancelled', railPayoutId, reason: 'The gift card was cancelled.' }
  if (status === 'FAILED') return { status: 'failed', railPayoutId, reason: 'Tremendous could not process the order.' }
  if (status !== 'EXECUTED') return { status: 'pending', railPayoutId } // CART, PENDING APPROVAL, PENDING INTERNAL PAYMENT APPROVAL
  const reward = Array.isArray(order.rewards) ? obj(order.rewards[0]) : {}
  const delivery = obj(reward.delivery)
  const deliveryStatus = (str(delivery.status) ?? '').toUpperCase()
  if (deliveryStatus === 'SUCCEEDED') return { status: 'succeeded', railPayoutId }
  if (deliveryStatus === 'FAILED') return { status: 'failed', railPayoutId, reason: deliveryFailure(str(delivery.failure_reason)) }
  return { status: 'pending', railPayoutId } // SCHEDULED, PENDING
}

export function tremendousRail(config: TremendousConfig): PayoutRail {
  const doFetch = config.fetch ?? fetch
  const base = config.apiBase.replace(/\/$/, '')

  async function call(method: 'GET' | 'POST', path: string, body?: Json): Promise<ApiAnswer> {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${config.apiKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await response.text()
    let parsed: Json = {}
    try {
      parsed = obj(text ? JSON.parse(text) : {})
    } catch {
      parsed = { message: text.slice(0, 200) }
    }
    // Our key refused, rate-limited, or Tremendous down: not an answer about the payout.
    if (response.status === 401 || response.status === 403 || response.status === 429 || response.status >= 500) throw new TremendousError(response.status, parsed)
    return { status: response.status, body: parsed }
  }

  /** An order by its Tremendous id or by our `external_id`; null when there is none. */
  async function getOrder(id: string): Promise<Json | null> {
    const answer = await call('GET', `/api/v2/orders/${encodeURIComponent(id)}`)
    if (answer.status === 404) return null
    if (answer.status >= 400) throw new TremendousError(answer.status, answer.body)
    return obj(answer.body.order)
  }

  async function getReward(id: string): Promise<Json | null> {
    const answer = await call('GET', `/api/v2/rewards/${encodeURIComponent(id)}`)
    if (answer.status === 404) return null
    if (answer.status >= 400) throw new TremendousError(answer.status, answer.body)
    return obj(answer.body.reward)
  }

  return {
    name: 'tremendous',
    testMode: false,
    destination(raw) {
      const email = raw.trim().toLowerCase()
      return EMAIL.test(email) && email.length <= 254 ? email : null
    },
    async send(request) {
      const answer = await call('POST', '/api/v2/orders', {
        external_id: request.withdrawalId,
        payment: { funding_source_id: config.fundingSourceId ?? 'balance' },
        reward: {
          ...(config.productId ? { products: [config.productId] } : {}),
          ...(config.campaignId ? { campaign_id: config.campaignId } : {}),
          value: { denomination: Number(usdDecimal(request.amount)), currency_code: request.currency },
          recipient: { name: request.destination.split('@')[0], email: request.destination },
          delivery: { method: 'EMAIL' },
        },
      })
      // 201 for a new order and for a reused external_id alike (the first order, nothing created); 200/202 when held for approval.
      if (answer.status >= 200 && answer.status < 300 && str(obj(answer.body.order).id)) return orderOutcome(obj(answer.body.order))
      if (answer.status === 409) {
        const existing = await getOrder(request.withdrawalId)
        if (existing) return orderOutcome(existing)
      }
      // Any other refusal (an address or amount Tremendous will not take, our balance too low …) is final: the money goes back.
      return { status: 'failed', railPayoutId: null, reason: `Tremendous refused the order: ${messageOf(answer.body) ?? `HTTP ${answer.status}`}` }
    },
    async status(request) {
      const order = await getOrder(request.railPayoutId ?? request.withdrawalId)
      return order ? orderOutcome(order) : { status: 'pending', railPayoutId: request.railPayoutId }
    },
    async cancel(request) {
      const order = await getOrder(request.railPayoutId ?? request.withdrawalId)
      if (!order) throw new Error(`Tremendous: no order for withdrawal ${request.withdrawalId}`)
      const rewardId = str(obj(Array.isArray(order.rewards) ? order.rewards[0] : null).id)
      if (!rewardId) return orderOutcome(order)
      // Tremendous cancels only rewards whose delivery failed and that have not expired.
      const answer = await call('POST', `/api/v2/rewards/${encodeURIComponent(rewardId)}/cancel`)
      if (answer.status >= 400) return orderOutcome(order)
      return { status: 'cancelled', railPayoutId: str(order.id), reason: 'The gift card was cancelled before it was delivered.' }
    },
    async verifyWebhook(rawBody, headers): Promise<RailEvent> {
      if (!config.webhookKey) throw new WebhookRejected('TREMENDOUS_WEBHOOK_KEY is not set.')
      const header = headers.get(TREMENDOUS_SIGNATURE_HEADER)
      if (!header) throw new WebhookRejected('No signature.')
      const signature = header.trim().replace(/^sha256=/i, '')
      if (!sameHex(hmacHex(config.webhookKey, rawBody), signature)) throw new WebhookRejected('The signature does not match.')
      let event: Json
      try {
        event = obj(JSON.parse(rawBody))
      } catch {
        throw new WebhookRejected('The body is not JSON.')
      }
      const id = str(event.uuid)
      const type = str(event.event)
      if (!id || !type) throw new WebhookRejected('Not an event.')
      const payload = obj(event.payload)
      const resource = obj(payload.resource)
      const meta = obj(payload.meta)
      const resourceId = str(resource.id)
      const none: RailEvent = { id, type, withdrawalId: null, outcome: null }

      // Reward events name the reward: its order carries our external_id.
      const orderOfReward = async (): Promise<Json | null> => {
        if (!resourceId) return null
        const reward = await getReward(resourceId)
        const orderId = reward ? str(reward.order_id) : null
        return orderId ? getOrder(orderId) : null
      }
      let order: Json | null
      let outcome: (railPayoutId: string | null) => PayoutOutcome
      switch (type) {
        case 'REWARDS.DELIVERY.SUCCEEDED':
          order = await orderOfReward()
          outcome = (railPayoutId) => ({ status: 'succeeded', railPayoutId })
          break
        case 'REWARDS.DELIVERY.FAILED':
          order = await orderOfReward()
          outcome = (railPayoutId) => ({ status: 'failed', railPayoutId, reason: deliveryFailure(str(meta.failure_reason)) })
          break
        case 'REWARDS.CANCELED':
          order = await orderOfReward()
          outcome = (railPayoutId) => ({ status: 'cancelled', railPayoutId, reason: 'The gift card was cancelled.' })
          break
        case 'ORDERS.FAILED':
          order = resourceId ? await getOrder(resourceId) : null
          outcome = (railPayoutId) => ({ status: 'failed', railPayoutId, reason: 'Tremendous could not process the order.' })
          break
        case 'ORDERS.CANCELED':
          order = resourceId ? await getOrder(resourceId) : null
          outcome = (railPayoutId) => ({ status: 'cancelled', railPayoutId, reason: 'The order was cancelled at Tremendous.' })
          break
        default:
          return none
      }
      const withdrawalId = order ? str(order.external_id) : null
      if (!order || !withdrawalId) return none
      return { id, type, withdrawalId, outcome: outcome(str(order.id)) }
    },
  }
}
