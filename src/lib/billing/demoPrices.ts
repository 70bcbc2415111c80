import { exponentOf, type Currency } from './currency'

/**
 * Demo prices in every currency, converted from the spec's USD prices by a dated table of rates
 * (micro-units of the currency per US dollar, as of RATES_DATE). They are marked as demo prices:
 * staff replace them with real list prices in /admin (Billing › Prices).
 */
export const RATES_DATE = '2026-11-01'
const RATES_MICRO: Record<Currency, number> = {
  USD: 1_000_000, GBP: 790_000, EUR: 920_000, RUB: 92_000_000, BRL: 5_400_000, JPY: 150_000_000, IDR: 15_800_000_000, MYR: 4_500_000,
  PHP: 57_000_000, THB: 35_000_000, VND: 25_000_000_000, KRW: 1_380_000_000, TRY: 34_000_000, UAH: 41_000_000, MXN: 18_000_000,
  CAD: 1_370_000, NZD: 1_700_000, NOK: 10_800_000, PLN: 4_000_000, CHF: 880_000, INR: 84_000_000, CLP: 950_000_000, PEN: 3_750_000,
  COP: 4_200_000_000, ZAR: 18_000_000, HKD: 7_800_000, ARS: 1_000_000_000, KZT: 490_000_000, UYU: 40_000_000, CNY: 7_200_000,
  AUD: 1_520_000, TWD: 32_000_000, SAR: 3_750_000, QAR: 3_640_000, SGD: 1_340_000,
}

/** USD cents → minor units of `currency`, floored, in integers (BigInt: no float on the way). */
export function convertFromUsd(usdCents: number, currency: Currency): number {
  const scale = 10n ** BigInt(exponentOf(currency))
  return Number((BigInt(usdCents) * BigInt(RATES_MICRO[currency]) * scale) / (100n * 1_000_000n))
}
