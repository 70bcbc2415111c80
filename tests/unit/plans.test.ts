import { describe, expect, it } from 'vitest'

import { formatUsd, gib, perMonth, savingPercent, SERVER_PLANS } from '../../src/lib/plans'

describe('plans', () => {
  it('premium prices: monthly pays full, longer intervals save', () => {
    expect(savingPercent('monthly')).toBe(0)
    expect(savingPercent('quarterly')).toBe(19) // 12.00 against 14.97
    expect(savingPercent('yearly')).toBe(16) // 49.99 against 59.88
    expect(perMonth('yearly')).toBe(416)
    expect(formatUsd(499)).toBe('$4.99')
    expect(formatUsd(4999)).toBe('$49.99')
  })
  it('server plans grow with their price', () => {
    for (let i = 1; i < SERVER_PLANS.length; i++) {
      expect(SERVER_PLANS[i].priceUsd).toBeGreaterThan(SERVER_PLANS[i - 1].priceUsd)
      expect(SERVER_PLANS[i].ramMiB).toBeGreaterThan(SERVER_PLANS[i - 1].ramMiB)
    }
    expect(gib(6144)).toBe(6)
  })
})
