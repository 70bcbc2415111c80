import { describe, expect, it } from 'vitest'

import { BADGE_BITS, BADGES, decodeBadges, encodeBadges } from '@/lib/profile/badges'

describe('decodeBadges', () => {
  it('maps bits 0–7 in the order of the reference', () => {
    expect(BADGES).toEqual(['midas', 'earlyModpackAdopter', 'earlyRespackAdopter', 'earlyPluginAdopter', 'alphaTester', 'contributor', 'translator', 'affiliate'])
    BADGES.forEach((key, i) => {
      expect(BADGE_BITS[key]).toBe(1 << i)
      expect(decodeBadges(1 << i)).toEqual([key])
    })
  })

  it('decodes combinations in display order', () => {
    expect(decodeBadges(0b1_0001)).toEqual(['midas', 'alphaTester'])
    expect(decodeBadges(0b11_0000)).toEqual(['alphaTester', 'contributor'])
    expect(decodeBadges(0xff)).toEqual([...BADGES])
  })

  it('gives no badges for 0, missing, negative or fractional values', () => {
    for (const v of [0, null, undefined, -1, 1.5, Number.NaN]) expect(decodeBadges(v)).toEqual([])
  })

  it('ignores bits above the known badges', () => {
    expect(decodeBadges(1 << 8)).toEqual([])
    expect(decodeBadges((1 << 8) | 1)).toEqual(['midas'])
  })

  it('round-trips with encodeBadges', () => {
    for (let bits = 0; bits < 256; bits++) expect(encodeBadges(decodeBadges(bits))).toBe(bits)
  })
})
