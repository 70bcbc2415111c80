import { describe, expect, it } from 'vitest'

import { maxPlayersOf, planForPlayers } from '../../src/lib/hosting/plans'
import { formatUsd, gib, perMonth, savingPercent } from '../../src/lib/plans'

describe('plans', () => {
  it('premium prices: monthly pays full, longer intervals save', () => {
    expect(savingPercent('monthly')).toBe(0)
    expect(savingPercent('quarterly')).toBe(19) // 12.00 against 14.97
    expect(savingPercent('yearly')).toBe(16) // 49.99 against 59.88
    expect(perMonth('yearly')).toBe(416)
    expect(formatUsd(499)).toBe('$4.99')
    expect(formatUsd(4999)).toBe('$49.99')
  })
  it('server plan advice follows the players (spec §9: small 1-5, medium 6-15, large 15-25)', () => {
    expect(planForPlayers(1)).toBe('server-small')
    expect(planForPlayers(5)).toBe('server-small')
    expect(planForPlayers(6)).toBe('server-medium')
    expect(planForPlayers(15)).toBe('server-medium')
    expect(planForPlayers(16)).toBe('server-large')
    expect(planForPlayers(40)).toBe('server-large')
    expect(maxPlayersOf('server-large')).toBe(25)
    expect(maxPlayersOf('trial')).toBe(5)
    expect(gib(6144)).toBe(6)
  })
})
