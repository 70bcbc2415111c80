import { describe, expect, it } from 'vitest'

import { minorToInput, parseAmount } from '../../src/lib/billing/parseAmount'

/* The staff refund form's amount: major units typed by staff, integer minor units out, no float on the way. */

describe('parseAmount', () => {
  it('reads major units as integer minor units in the currency’s exponent', () => {
    expect(parseAmount('4.99', 'USD')).toEqual({ ok: true, minor: 499 })
    expect(parseAmount('1', 'USD')).toEqual({ ok: true, minor: 100 })
    expect(parseAmount('1.5', 'EUR')).toEqual({ ok: true, minor: 150 })
    expect(parseAmount('0.01', 'GBP')).toEqual({ ok: true, minor: 1 })
    expect(parseAmount(' 1.00 ', 'USD')).toEqual({ ok: true, minor: 100 })
    expect(parseAmount('748', 'JPY')).toEqual({ ok: true, minor: 748 })
    expect(parseAmount('78842.00', 'IDR')).toEqual({ ok: true, minor: 7_884_200 }) // Stripe counts IDR in hundredths
  })

  it('is exact where a float is not', () => {
    // 1.15 * 100 = 114.99999999999999 and 4.35 * 100 = 434.99999999999994 as floats.
    expect(parseAmount('1.15', 'USD')).toEqual({ ok: true, minor: 115 })
    expect(parseAmount('4.35', 'USD')).toEqual({ ok: true, minor: 435 })
    expect(parseAmount('0.29', 'USD')).toEqual({ ok: true, minor: 29 })
    expect(parseAmount('90071992547409.91', 'USD')).toEqual({ ok: true, minor: 9_007_199_254_740_991 })
  })

  it('refuses more decimals than the currency has, but not trailing zeros', () => {
    expect(parseAmount('1.005', 'USD')).toEqual({ ok: false, reason: 'precision' })
    expect(parseAmount('748.5', 'JPY')).toEqual({ ok: false, reason: 'precision' })
    expect(parseAmount('4.990', 'USD')).toEqual({ ok: true, minor: 499 })
    expect(parseAmount('748.0', 'JPY')).toEqual({ ok: true, minor: 748 })
  })

  it('refuses what is not a plain positive decimal', () => {
    for (const input of ['', ' ', 'abc', '-1', '+1', '1e3', '1,5', '1,000', '.5', '5.', '1.2.3', '0x10', 'Infinity', 'NaN', '١٢', '$4.99'])
      expect(parseAmount(input, 'USD'), input).toEqual({ ok: false, reason: 'format' })
    expect(parseAmount('0', 'USD')).toEqual({ ok: false, reason: 'zero' })
    expect(parseAmount('0.00', 'USD')).toEqual({ ok: false, reason: 'zero' })
    expect(parseAmount('90071992547409.92', 'USD')).toEqual({ ok: false, reason: 'tooLarge' })
    expect(parseAmount('9'.repeat(40), 'JPY')).toEqual({ ok: false, reason: 'tooLarge' })
  })
})

describe('minorToInput', () => {
  it('writes minor units back as the text parseAmount reads', () => {
    expect(minorToInput(499, 'USD')).toBe('4.99')
    expect(minorToInput(5, 'USD')).toBe('0.05')
    expect(minorToInput(100, 'EUR')).toBe('1.00')
    expect(minorToInput(748, 'JPY')).toBe('748')
    for (const [minor, currency] of [[1, 'USD'], [399, 'USD'], [7_884_200, 'IDR'], [1, 'KRW']] as const) expect(parseAmount(minorToInput(minor, currency), currency)).toEqual({ ok: true, minor })
  })
})
