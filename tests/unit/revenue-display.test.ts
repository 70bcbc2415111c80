/** How revenue figures are shown (src/lib/revenue/display.ts) and what a charge costs a balance (usd.ts). */
import { describe, expect, it } from 'vitest'

import { chartCents, daysEnding, formatUsdExact, maskDestination, percentOf, revenueRangeOf } from '../../src/lib/revenue/display'
import { chargeCostMicro } from '../../src/lib/revenue/usd'

describe('display', () => {
  it('masks a destination: enough to recognise, not to read off a screen', () => {
    expect(maskDestination('jane.doe@example.com')).toBe('j•••@example.com')
    expect(maskDestination('5551234567')).toBe('•••• 4567')
    expect(maskDestination('amazon')).toBe('amazon')
    expect(maskDestination('a-long-product-name')).toBe('a-lo•••')
  })

  it('percentages floored to two decimals, exact dollars to the micro-dollar', () => {
    expect(percentOf(1n, 3n)).toBe('33.33')
    expect(percentOf(30n, 40n)).toBe('75.00')
    expect(percentOf(2n, 0n)).toBe('0.00')
    expect(formatUsdExact(75_000_000n)).toBe('$75.00')
    expect(formatUsdExact(12_345n)).toBe('$0.012345')
    expect(formatUsdExact(1_234_567_890_100n)).toBe('$1,234,567.8901')
    expect(formatUsdExact(-500_000n)).toBe('−$0.50')
    expect(chartCents(1_239_999n)).toBe(123)
  })

  it('the spans: 30, 90 or 365 days ending with the last day paid', () => {
    expect(revenueRangeOf('90')).toBe(90)
    expect(revenueRangeOf(['365'])).toBe(365)
    expect(revenueRangeOf('7')).toBe(30)
    expect(revenueRangeOf(undefined)).toBe(30)
    expect(daysEnding('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02'])
    expect(daysEnding('nope', 3)).toEqual([])
  })
})

describe('chargeCostMicro', () => {
  it('a USD charge costs exactly its amount; another currency’s, converted and rounded up to a cent', () => {
    expect(chargeCostMicro(499n, 'USD')).toBe(4_990_000n)
    const eur = chargeCostMicro(459n, 'EUR')
    expect(eur % 10_000n).toBe(0n)
    expect(eur).toBeGreaterThan(0n)
  })
})
