import { describe, expect, it } from 'vitest'

import { firstActive, moveActive, ordered, rangeBetween, toggled, visibleOptions, withRange } from '@/components/project/versionForm/gameVersionSelect'

// Newest first, as the version form receives them.
const all = [
  { version: '1.21', versionType: 'release' },
  { version: '1.21-rc1', versionType: 'snapshot' },
  { version: '1.20.6', versionType: 'release' },
  { version: '1.20.5', versionType: 'release' },
  { version: '24w14a', versionType: 'snapshot' },
  { version: '1.20.4', versionType: 'release' },
  { version: '1.20', versionType: 'release' },
  { version: 'b1.7.3', versionType: 'beta' },
]
const names = (o: { version: string }[]) => o.map((x) => x.version)

describe('visibleOptions', () => {
  it('shows releases only by default, in the given order', () => {
    expect(names(visibleOptions(all, '', false, []))).toEqual(['1.21', '1.20.6', '1.20.5', '1.20.4', '1.20'])
  })
  it('shows every type when asked', () => {
    expect(visibleOptions(all, '', true, [])).toHaveLength(all.length)
  })
  it('keeps a chosen snapshot visible with snapshots hidden', () => {
    expect(names(visibleOptions(all, '', false, ['24w14a']))).toContain('24w14a')
  })
  it('filters by a trimmed, case-insensitive substring', () => {
    expect(names(visibleOptions(all, ' 1.20.', false, []))).toEqual(['1.20.6', '1.20.5', '1.20.4'])
    expect(names(visibleOptions(all, 'W14', true, []))).toEqual(['24w14a'])
    expect(visibleOptions(all, 'nope', true, [])).toEqual([])
  })
})

describe('firstActive', () => {
  it('prefers the exact match, else the first, else none', () => {
    const shown = visibleOptions(all, '1.20', false, [])
    expect(firstActive(shown, '1.20')).toBe(names(shown).indexOf('1.20'))
    expect(firstActive(shown, '1.2')).toBe(0)
    expect(firstActive([], 'x')).toBe(-1)
  })
})

describe('rangeBetween', () => {
  const releases = names(visibleOptions(all, '', false, []))
  it('takes every version between the two ends, in either direction', () => {
    expect(rangeBetween(releases, '1.20.4', '1.21')).toEqual(['1.21', '1.20.6', '1.20.5', '1.20.4'])
    expect(rangeBetween(releases, '1.21', '1.20.4')).toEqual(['1.21', '1.20.6', '1.20.5', '1.20.4'])
    expect(rangeBetween(releases, '1.20', '1.20')).toEqual(['1.20'])
  })
  it('skips snapshots when the list it is given has none', () => {
    expect(rangeBetween(releases, '1.20.4', '1.21')).not.toContain('24w14a')
    expect(rangeBetween(names(all), '1.20.4', '1.21')).toContain('24w14a')
  })
  it('is empty when an end is unknown', () => {
    expect(rangeBetween(releases, 'x', '1.21')).toEqual([])
  })
})

describe('ordered, toggled, withRange', () => {
  it('orders the chosen versions newest first and keeps unknown ones at the end', () => {
    expect(ordered(all, ['1.20', 'gone', '1.21', '1.21'])).toEqual(['1.21', '1.20', 'gone'])
  })
  it('toggles one version on and off', () => {
    expect(toggled(all, ['1.20'], '1.21')).toEqual(['1.21', '1.20'])
    expect(toggled(all, ['1.21', '1.20'], '1.21')).toEqual(['1.20'])
  })
  it('adds a range without duplicates', () => {
    expect(withRange(all, ['1.20.5', '1.20'], ['1.20.6', '1.20.5', '1.20.4'])).toEqual(['1.20.6', '1.20.5', '1.20.4', '1.20'])
  })
})

describe('moveActive', () => {
  it('moves within the list without wrapping', () => {
    expect(moveActive(-1, 5, 'ArrowDown')).toBe(0)
    expect(moveActive(-1, 5, 'ArrowUp')).toBe(4)
    expect(moveActive(4, 5, 'ArrowDown')).toBe(4)
    expect(moveActive(0, 5, 'ArrowUp')).toBe(0)
    expect(moveActive(1, 50, 'PageDown')).toBe(11)
    expect(moveActive(3, 5, 'Home')).toBe(0)
    expect(moveActive(1, 5, 'End')).toBe(4)
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1)
  })
})
