/**
 * The one payout boundary (DESIGN.md "Money"): a rail sends a creator's withdrawal to a
 * destination and reports, by a signed webhook or when asked, whether it arrived. Our ledger is the
 * truth about balances; money moves in it only on the rail's word (src/plugins/revenue/service).
 * Implemented by the test rail (the default without credentials) and next by PayPal (Venmo through
 * PayPal's payouts) and Tremendous. Amounts are micro-units of USD in whole cents.
 */
import type { RailName } from '../../../lib/revenue/fees'

export type { RailName } from '../../../lib/revenue/fees'

export type PayoutRequest = {
  /** Our withdrawal's id: the rail's idempotency key (PayPal `sender_batch_id`, Tremendous `external_id`). */
  withdrawalId: string
  /** What the destination receives (the net), whole cents. */
  amount: bigint
  currency: 'USD'
  /** As `destination()` normalised it. */
  destination: string
}

/** A payout sent before, as the status poll and cancel name it. */
export type PayoutLookup = {
  withdrawalId: string
  railPayoutId: string | null
  destination: string
  /**
   * What the destination receives (the net): a rail whose create answer was lost sends the payout
   * again with the same idempotency key (PayPal's `sender_batch_id`) to learn its id.
   */
  amount?: bigint
  /** When it was sent: past the rail's idempotency window (PayPal: 30 days) it is never sent again. */
  sentAt?: Date
}

/**
 * Where a payout stands. `pending`: accepted, the outcome comes later (webhook or status poll).
 * `failed` and `cancelled` give the money back; `returned` is a payout that arrived and came back
 * (e.g. PayPal's unclaimed payments after 30 days).
 */
export type PayoutOutcome =
  | { status: 'pending'; railPayoutId: string | null }
  | { status: 'succeeded'; railPayoutId: string | null }
  | { status: 'failed' | 'cancelled' | 'returned'; railPayoutId: string | null; reason: string }

/** A verified webhook event, reduced to what the handler needs. */
export type RailEvent = {
  id: string
  type: string
  /** The withdrawal it is about (our id, sent as the idempotency key), when it is about one. */
  withdrawalId: string | null
  /** The outcome it reports, or null for events we do not act on. */
  outcome: PayoutOutcome | null
  /**
   * The rail of the withdrawal it is about, when one webhook serves two rails (PayPal's serves
   * PayPal and Venmo payouts); unset, the rail that verified it.
   */
  rail?: RailName
}

export interface PayoutRail {
  readonly name: RailName
  /** True when no real money moves (pages say "Test mode"). */
  readonly testMode: boolean
  /** The destination normalised (a trimmed, lower-cased email …), or null when this rail cannot pay it. */
  destination(raw: string): string | null
  /** Sends a payout; the same `withdrawalId` twice pays once. Throws only when the rail cannot be reached. */
  send(request: PayoutRequest): Promise<PayoutOutcome>
  /** Asks where a payout stands (the poll for payouts whose webhook never came). */
  status(request: PayoutLookup): Promise<PayoutOutcome>
  /**
   * Asks the rail to stop a payout not yet claimed (PayPal: unclaimed items; Tremendous: rewards
   * whose delivery failed) and answers where it stands afterwards. Absent when the rail cannot.
   */
  cancel?(request: PayoutLookup): Promise<PayoutOutcome>
  /**
   * Checks the signature over the raw body; throws `WebhookRejected` when it does not hold. May ask
   * the rail (PayPal verifies its signatures through its own API): an error other than
   * `WebhookRejected` means the rail could not be asked, and the event should come again.
   */
  verifyWebhook(rawBody: string, headers: Headers): RailEvent | Promise<RailEvent>
}

export class WebhookRejected extends Error {}
