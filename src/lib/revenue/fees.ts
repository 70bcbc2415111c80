import { centsToMicro, isWholeCents, MICRO_PER_CENT } from './money'

/**
 * What each payout rail costs and allows (billing-notes.md, as read from Modrinth's labrinth):
 * PayPal and Venmo direct take 2% of the amount, at least $0.25 and at most $1.00, for withdrawals
 * of $0.25–$100,000; Tremendous gift cards take no fee, up to $10,000 (a card's own minimum is the
 * brand's; $1.00 is ours); the test rail moves no money and takes no fee. All in micro-units of USD.
 * The fee comes out of the amount withdrawn: the creator receives `net = gross − fee`.
 */
export const RAIL_NAMES = ['test', 'paypal', 'venmo', 'tremendous'] as const
export type RailName = (typeof RAIL_NAMES)[number]
export const isRailName = (value: unknown): value is RailName => typeof value === 'string' && (RAIL_NAMES as readonly string[]).includes(value)

export type RailTerms = {
  /** The fee in basis points of the gross amount (200 = 2%), rounded up to a whole cent. */
  feeBasisPoints: bigint
  feeMin: bigint
  feeMax: bigint | null
  /** The smallest and largest gross amount one withdrawal may take. */
  min: bigint
  max: bigint
}

const usd = (dollars: number, cents = 0) => centsToMicro(BigInt(dollars) * 100n + BigInt(cents))
const PAYPAL: RailTerms = { feeBasisPoints: 200n, feeMin: usd(0, 25), feeMax: usd(1), min: usd(0, 25), max: usd(100_000) }

export const RAIL_TERMS: Record<RailName, RailTerms> = {
  test: { feeBasisPoints: 0n, feeMin: 0n, feeMax: null, min: usd(0, 1), max: usd(100_000) },
  paypal: PAYPAL,
  venmo: PAYPAL,
  tremendous: { feeBasisPoints: 0n, feeMin: 0n, feeMax: null, min: usd(1), max: usd(10_000) },
}

const ceilToCent = (micro: bigint) => ((micro + MICRO_PER_CENT - 1n) / MICRO_PER_CENT) * MICRO_PER_CENT

/** The fee for a gross amount on a rail, before the limits are checked. */
export function feeFor(terms: RailTerms, gross: bigint): bigint {
  if (terms.feeBasisPoints === 0n && terms.feeMin === 0n) return 0n
  let fee = ceilToCent((gross * terms.feeBasisPoints + 9_999n) / 10_000n)
  if (fee < terms.feeMin) fee = terms.feeMin
  if (terms.feeMax != null && fee > terms.feeMax) fee = terms.feeMax
  return fee
}

export type QuoteRefusal = 'notWholeCents' | 'belowMinimum' | 'aboveMaximum' | 'feeTakesAll'
export type Quote =
  | { ok: true; rail: RailName; gross: bigint; fee: bigint; net: bigint }
  | { ok: false; rail: RailName; refusal: QuoteRefusal; gross: bigint; fee: bigint; min: bigint; max: bigint }

/**
 * The fee, net and limits of withdrawing `gross` through `rail` — what the withdraw page shows
 * before the creator confirms, and what the withdrawal itself checks.
 */
export function quote(rail: RailName, gross: bigint, terms: RailTerms = RAIL_TERMS[rail]): Quote {
  const fee = gross > 0n ? feeFor(terms, gross) : 0n
  const refuse = (refusal: QuoteRefusal): Quote => ({ ok: false, rail, refusal, gross, fee, min: terms.min, max: terms.max })
  if (!isWholeCents(gross)) return refuse('notWholeCents')
  if (gross < terms.min) return refuse('belowMinimum')
  if (gross > terms.max) return refuse('aboveMaximum')
  if (gross - fee <= 0n) return refuse('feeTakesAll')
  return { ok: true, rail, gross, fee, net: gross - fee }
}
