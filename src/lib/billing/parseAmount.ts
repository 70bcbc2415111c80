import { exponentOf, type Currency } from './currency'

/*
 * An amount typed by staff (the staff billing view's refund form) in the currency's major units —
 * "4.99" dollars, "748" yen — as integer minor units, by string arithmetic only: no float ever holds
 * the amount (4.99 * 100 is 499.00000000000006 as a float). Pure.
 */

export type ParsedAmount =
  | { ok: true; minor: number }
  /**
   * `format`: not a plain decimal number ("1,5", "-1", "1e3", "abc"); `precision`: more decimals than
   * the currency has ("1.005" dollars, "7.5" yen); `zero`: nothing to refund; `tooLarge`: past what
   * an integer holds exactly.
   */
  | { ok: false; reason: 'format' | 'precision' | 'zero' | 'tooLarge' }

/** Digits, optionally a point and more digits: no sign, no grouping, no exponent. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/** Major units ("4.99") in `currency` as integer minor units (499). Surrounding spaces are ignored. */
export function parseAmount(input: string, currency: Currency): ParsedAmount {
  const match = DECIMAL.exec(input.trim())
  if (!match) return { ok: false, reason: 'format' }
  const exponent = exponentOf(currency)
  // Zeros past the currency's decimals change nothing ("4.990" is 4.99); any other digit would be lost.
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > exponent) return { ok: false, reason: 'precision' }
  const minor = BigInt(match[1]) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0')
  if (minor === 0n) return { ok: false, reason: 'zero' }
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'tooLarge' }
  return { ok: true, minor: Number(minor) }
}

/** Integer minor units as the major-unit text `parseAmount` reads back (499 USD → "4.99", 748 JPY → "748"). */
export function minorToInput(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`minorToInput: ${minor} is not a non-negative integer amount`)
  const exponent = exponentOf(currency)
  if (exponent === 0) return String(minor)
  const digits = String(minor).padStart(exponent + 1, '0')
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`
}
