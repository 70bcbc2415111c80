/**
 * Money floored, never rounded, to two decimals (spec §9): a balance of $10.999 shows as $10.99, so the site
 * never shows more than is really there. Currencies without cents (JPY…) floor to their own minor unit.
 * Negative amounts floor their magnitude (-1.239 → "-$1.23") for the same reason.
 * `amount` is in major units (dollars, not cents). Unknown currency codes throw a RangeError, as Intl does.
 */
export function formatMoney(amount: number, currency = 'USD', locale = 'en-US'): string {
  const currencyDigits = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  const digits = Math.min(2, currencyDigits)
  const floored = floorMagnitude(Number.isFinite(amount) ? amount : 0, digits)
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(floored)
}

function floorMagnitude(amount: number, digits: number): number {
  const factor = 10 ** digits
  // toPrecision(15) removes binary noise before flooring: 0.29 * 100 is 28.999999999999996, which must stay 29.
  const scaled = Math.floor(Number((Math.abs(amount) * factor).toPrecision(15)))
  // `|| 0` turns -0 into 0 so nothing prints as "-$0.00".
  return (amount < 0 ? -scaled / factor : scaled / factor) || 0
}
