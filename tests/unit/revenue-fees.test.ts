import { describe, expect, it } from 'vitest'

import { addDaysTo, daysInMonth, isClosed, isDay, lastClosedDay } from '../../src/lib/revenue/days'
import { quote, RAIL_TERMS } from '../../src/lib/revenue/fees'
import { availableAt, DEFAULT_HOLD_DAYS } from '../../src/lib/revenue/holds'
import { centsToMicro } from '../../src/lib/revenue/money'

const $ = (cents: number) => centsToMicro(cents)

describe('rail fees', () => {
  it('PayPal: 2%, at least $0.25, at most $1.00, out of the amount', () => {
    expect(quote('paypal', $(1000))).toEqual({ ok: true, rail: 'paypal', gross: $(1000), fee: $(25), net: $(975) }) // 2% is 0.20: the minimum
    expect(quote('paypal', $(2000))).toMatchObject({ ok: true, fee: $(40), net: $(1960) })
    expect(quote('paypal', $(10_000))).toMatchObject({ ok: true, fee: $(100), net: $(9900) }) // 2% is 2.00: the maximum
    expect(quote('paypal', $(1_234))).toMatchObject({ ok: true, fee: $(25) })
    expect(quote('paypal', $(2_001))).toMatchObject({ ok: true, fee: $(41) }) // 40.02 cents, rounded up
  })

  it('Venmo is PayPal’s; Tremendous gift cards and the test rail take nothing', () => {
    expect(RAIL_TERMS.venmo).toEqual(RAIL_TERMS.paypal)
    expect(quote('venmo', $(2000))).toMatchObject({ ok: true, fee: $(40) })
    expect(quote('tremendous', $(2000))).toMatchObject({ ok: true, fee: 0n, net: $(2000) })
    expect(quote('test', $(1))).toMatchObject({ ok: true, fee: 0n, net: $(1) })
  })

  it('minimums, maximums, whole cents, and a fee that would take everything', () => {
    expect(quote('paypal', $(24))).toMatchObject({ ok: false, refusal: 'belowMinimum', min: $(25) })
    expect(quote('paypal', $(25))).toMatchObject({ ok: false, refusal: 'feeTakesAll', fee: $(25) })
    expect(quote('paypal', $(26))).toMatchObject({ ok: true, net: $(1) })
    expect(quote('paypal', $(10_000_001))).toMatchObject({ ok: false, refusal: 'aboveMaximum', max: $(10_000_000) })
    expect(quote('tremendous', $(99))).toMatchObject({ ok: false, refusal: 'belowMinimum' })
    expect(quote('tremendous', $(1_000_001))).toMatchObject({ ok: false, refusal: 'aboveMaximum' })
    expect(quote('test', 0n)).toMatchObject({ ok: false, refusal: 'belowMinimum' })
    expect(quote('test', $(100) + 1n)).toMatchObject({ ok: false, refusal: 'notWholeCents' })
  })
})

describe('holds', () => {
  it('the end of the month plus the hold (default 60 days)', () => {
    expect(DEFAULT_HOLD_DAYS).toBe(60)
    expect(availableAt('2026-01-14').toISOString()).toBe('2026-04-02T00:00:00.000Z')
    expect(availableAt('2026-01-31').toISOString()).toBe('2026-04-02T00:00:00.000Z')
    expect(availableAt('2026-02-01').toISOString()).toBe('2026-04-30T00:00:00.000Z')
    expect(availableAt('2028-02-10').toISOString()).toBe('2028-04-30T00:00:00.000Z') // leap year
    expect(availableAt('2026-12-05', 0).toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(availableAt('2026-12-05', 30).toISOString()).toBe('2027-01-31T00:00:00.000Z')
    expect(() => availableAt('2026-12-05', -1)).toThrow(RangeError)
    expect(() => availableAt('2026-02-30')).toThrow(RangeError)
  })
})

describe('days', () => {
  it('UTC days, months and when a day is closed', () => {
    expect(daysInMonth('2026-02')).toBe(28)
    expect(daysInMonth('2028-02')).toBe(29)
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01')
    expect(isDay('2026-13-01')).toBe(false)
    expect(isDay('2026-11-30')).toBe(true)
    expect(isClosed('2026-11-30', new Date('2026-12-01T05:59:59Z'), 6)).toBe(false)
    expect(isClosed('2026-11-30', new Date('2026-12-01T06:00:00Z'), 6)).toBe(true)
    expect(lastClosedDay(new Date('2026-12-01T06:00:00Z'), 6)).toBe('2026-11-30')
    expect(lastClosedDay(new Date('2026-12-01T05:00:00Z'), 6)).toBe('2026-11-29')
  })
})
