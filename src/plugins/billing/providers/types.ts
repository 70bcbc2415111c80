/**
 * The one payment boundary (DESIGN.md "Money"). Our database is the truth about subscriptions and
 * charges; a provider stores customers and cards and takes payments. Two implement it: Stripe (the
 * `stripe` SDK, its base URL configurable) and the test provider, the default when no Stripe key is
 * set. Amounts are integer minor units of `currency` (ISO 4217, lower or upper case accepted).
 */

/** Card brands as the spec lists them (§3 "Payment method"). */
export const CARD_BRANDS = ['amazon_pay', 'amex', 'cashapp', 'diners', 'discover', 'eftpos', 'jcb', 'mastercard', 'paypal', 'unionpay', 'visa', 'unknown'] as const
export type CardBrand = (typeof CARD_BRANDS)[number]

export type ProviderMethod = { id: string; brand: CardBrand; last4: string; expMonth: number; expYear: number }

/** What a payment attempt came to, as the provider said it at once (the webhook confirms it). */
export type PaymentOutcome =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'processing'; paymentId: string }
  | { status: 'failed'; paymentId: string | null; message: string }

export type ChargeRequest = {
  customerId: string
  methodId: string
  amount: number
  currency: string
  /** One per attempt: a retried request with the same key is answered, not paid again. */
  idempotencyKey: string
  /** Travels with the payment and comes back in its webhook events (our charge id, user id). */
  metadata: Record<string, string>
}

export type RefundRequest = { paymentId: string; amount: number; idempotencyKey: string; metadata: Record<string, string> }
export type RefundOutcome = { status: 'succeeded' | 'pending'; refundId: string } | { status: 'failed'; refundId: string | null; message: string }

/** A verified webhook event, reduced to what our handler needs. */
export type ProviderEvent = {
  id: string
  type: string
  /** The event's object (a PaymentIntent, a Refund …) with its metadata. */
  object: { id: string; object: string; status?: string; metadata?: Record<string, string>; last_payment_error?: { message?: string } | null; amount?: number; payment_intent?: string | null }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test'
  /** True when no real money moves (the pages say "Test mode"). */
  readonly testMode: boolean
  createCustomer(input: { userId: string; email: string | null }): Promise<{ customerId: string }>
  /**
   * Starts adding a card in the browser (Stripe: a SetupIntent whose client secret Stripe's card form
   * confirms). The test provider has no browser form: it offers test cards instead.
   */
  beginCardSetup(customerId: string): Promise<{ clientSecret: string | null }>
  /** Attaches a payment method to the customer (Stripe: a `pm_…` id; test: a test card's token). */
  attachMethod(customerId: string, token: string): Promise<ProviderMethod>
  listMethods(customerId: string): Promise<ProviderMethod[]>
  setDefaultMethod(customerId: string, methodId: string): Promise<void>
  detachMethod(methodId: string): Promise<void>
  /** An off-session payment with the customer's saved card. Never throws for a declined card. */
  charge(request: ChargeRequest): Promise<PaymentOutcome>
  refund(request: RefundRequest): Promise<RefundOutcome>
  /** Checks the signature over the raw body; throws `WebhookRejected` when it does not hold. */
  verifyWebhook(rawBody: string, signature: string | null): ProviderEvent
}

export class WebhookRejected extends Error {}
