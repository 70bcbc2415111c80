import { describe, expect, it } from 'vitest'

import { currencyForLocale, exponentOf, formatMoney } from '../../src/lib/billing/currency'
import { convertFromUsd } from '../../src/lib/billing/demoPrices'
import { addDays, prorationAmount, switchesNow, unusedCredit } from '../../src/lib/billing/intervals'

describe('currency exponents (Stripe’s, not Intl’s)', () => {
  it('JPY, KRW, VND and CLP have no minor unit; IDR and COP have two', () => {
    for (const c of ['JPY', 'KRW', 'VND', 'CLP'] as const) expect(exponentOf(c)).toBe(0)
    for (const c of ['IDR', 'COP', 'USD', 'EUR'] as const) expect(exponentOf(c)).toBe(2)
  })
})

describe('formatMoney', () => {
  it('shows minor units in the currency and locale, exactly', () => {
    expect(formatMoney(499, 'USD')).toBe('$4.99')
    expect(formatMoney(115, 'USD')).toBe('$1.15') // 1.15 * 100 is 114.99… as a float
    expect(formatMoney(-200, 'USD')).toBe('-$2.00')
    expect(formatMoney(748, 'JPY', 'en-US')).toBe('¥748')
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€')
    expect(formatMoney(7_884_200, 'IDR', 'en-US')).toBe('IDR\u00a078,842.00')
  })
  it('refuses a fractional amount instead of rounding it', () => {
    expect(() => formatMoney(4.5, 'USD')).toThrow(RangeError)
  })
})

describe('demo conversion', () => {
  it('converts in integers and floors', () => {
    expect(convertFromUsd(499, 'USD')).toBe(499)
    expect(convertFromUsd(499, 'JPY')).toBe(748) // $4.99 × 150 = ¥748.5 → 748
    expect(convertFromUsd(499, 'IDR')).toBe(7_884_200) // Rp78,842.00 in hundredths
    expect(convertFromUsd(499, 'EUR')).toBe(459) // 4.5908 € → 4.59
  })
})

describe('proration', () => {
  const start = new Date('2026-01-01T00:00:00Z')
  const end = addDays(start, 30)
  it('credits the unused part of the period, floored', () => {
    expect(unusedCredit(499, start, end, start)).toBe(499)
    expect(unusedCredit(499, start, end, addDays(start, 15))).toBe(249) // 249.5 → 249
    expect(unusedCredit(499, start, end, end)).toBe(0)
    expect(unusedCredit(499, start, end, addDays(end, 3))).toBe(0)
  })
  it('never charges below zero; longer intervals switch now, shorter at renewal', () => {
    expect(prorationAmount(4999, 249)).toBe(4750)
    expect(prorationAmount(499, 4000)).toBe(0)
    expect(switchesNow('monthly', 'yearly')).toBe(true)
    expect(switchesNow('yearly', 'monthly')).toBe(false)
  })
  it('picks a currency from the locale’s region', () => {
    expect(currencyForLocale('de-DE')).toBe('EUR')
    expect(currencyForLocale('ja-JP')).toBe('JPY')
    expect(currencyForLocale('en')).toBe('USD')
  })
})
