/**
 * Currencies and their minor-unit exponents as Stripe counts them (not `Intl`'s: Intl shows IDR and
 * COP with no decimals, Stripe takes them in hundredths — an exponent read from Intl would be off
 * by 100×). The list is the premium plan's currencies (spec §9, ~34 of them).
 */
export const CURRENCIES = [
  'USD', 'GBP', 'EUR', 'RUB', 'BRL', 'JPY', 'IDR', 'MYR', 'PHP', 'THB', 'VND', 'KRW', 'TRY', 'UAH', 'MXN', 'CAD', 'NZD', 'NOK',
  'PLN', 'CHF', 'INR', 'CLP', 'PEN', 'COP', 'ZAR', 'HKD', 'ARS', 'KZT', 'UYU', 'CNY', 'AUD', 'TWD', 'SAR', 'QAR', 'SGD',
] as const
export type Currency = (typeof CURRENCIES)[number]

/** Stripe's zero-decimal currencies among ours (https://docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL: ReadonlySet<string> = new Set(['JPY', 'KRW', 'VND', 'CLP'])

export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)

/** How many minor units make one major unit is 10^exponent. */
export const exponentOf = (currency: Currency): 0 | 2 => (ZERO_DECIMAL.has(currency) ? 0 : 2)

/**
 * A price for display: floored to at most 2 decimals (spec §9), in the given locale. Integer
 * arithmetic only: the floor is taken on minor units before Intl sees a fraction.
 */
export function formatMoney(minor: number, currency: Currency, locale = 'en-US'): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`formatMoney: ${minor} is not an integer amount of minor units`)
  const exponent = exponentOf(currency)
  const digits = Math.min(2, exponent)
  const abs = Math.abs(minor)
  const kept = Math.floor(abs / 10 ** (exponent - digits)) // drop what lies past 2 decimals
  const major = Math.floor(kept / 10 ** digits)
  const fraction = digits ? `.${String(kept % 10 ** digits).padStart(digits, '0')}` : ''
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })
  // Intl formats a decimal string exactly (no float on the way).
  return format.format(`${minor < 0 ? '-' : ''}${major}${fraction}` as unknown as number)
}

/** Which currency a visitor sees first: one their locale's region uses, if we price it; else USD. */
const REGION_CURRENCY: Record<string, Currency> = {
  US: 'USD', GB: 'GBP', DE: 'EUR', FR: 'EUR', ES: 'EUR', IT: 'EUR', NL: 'EUR', AT: 'EUR', BE: 'EUR', FI: 'EUR', IE: 'EUR', PT: 'EUR',
  RU: 'RUB', BR: 'BRL', JP: 'JPY', ID: 'IDR', MY: 'MYR', PH: 'PHP', TH: 'THB', VN: 'VND', KR: 'KRW', TR: 'TRY', UA: 'UAH', MX: 'MXN',
  CA: 'CAD', NZ: 'NZD', NO: 'NOK', PL: 'PLN', CH: 'CHF', IN: 'INR', CL: 'CLP', PE: 'PEN', CO: 'COP', ZA: 'ZAR', HK: 'HKD', AR: 'ARS',
  KZ: 'KZT', UY: 'UYU', CN: 'CNY', AU: 'AUD', TW: 'TWD', SA: 'SAR', QA: 'QAR', SG: 'SGD',
}
export function currencyForLocale(locale: string): Currency {
  const region = locale.split(/[-_]/)[1]?.toUpperCase()
  return (region && REGION_CURRENCY[region]) || 'USD'
}
