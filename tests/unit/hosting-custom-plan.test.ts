import { describe, expect, it } from 'vitest'

import { CUSTOM_RAM_GIB, customPlanGib, customPlanKey, customPlanSpec, customPlayers } from '../../src/lib/hosting/customPlan'
import { maxPlayersOf } from '../../src/lib/hosting/plans'

describe('custom RAM plans', () => {
  it('keys round-trip within the range; anything else is not a custom plan', () => {
    for (let gib = CUSTOM_RAM_GIB.min; gib <= CUSTOM_RAM_GIB.max; gib++) expect(customPlanGib(customPlanKey(gib))).toBe(gib)
    for (const key of ['server-custom-1g', 'server-custom-17g', 'server-custom-4', 'server-custom-04.5g', 'server-small', 'server-custom-g', ' server-custom-4g']) expect(customPlanGib(key)).toBeNull()
  })

  it('is priced per GiB at the standard plans’ rate, in whole cents', () => {
    // The small plan is 2 GiB at 600 / 1500 / 6000; medium 4 GiB at 1200 / 3000 / 12000.
    expect(customPlanSpec(2).usd).toEqual({ monthly: 600, quarterly: 1500, yearly: 6000 })
    expect(customPlanSpec(4).usd).toEqual({ monthly: 1200, quarterly: 3000, yearly: 12000 })
    expect(customPlanSpec(10)).toMatchObject({ ram: 10240, swap: 2560, storage: 81920, cpus: 6, kind: 'server', unitary: false })
    expect(customPlanSpec(16).cpus).toBe(8)
  })

  it('advises players like the standard plans, and its default max players follows', () => {
    expect(customPlayers(2)).toEqual({ min: 1, max: 5 })
    expect(customPlayers(6)).toEqual({ min: 15, max: 25 })
    expect(customPlayers(10)).toEqual({ min: 25, max: 45 })
    expect(maxPlayersOf(customPlanKey(10))).toBe(45)
    expect(maxPlayersOf('server-medium')).toBe(15)
  })
})
