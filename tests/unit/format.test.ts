import { describe, expect, it } from 'vitest'

import { formatCount } from '@/components/site/formatCount'
import {
  collapseGameVersions,
  compareCategories,
  formatCompact,
  formatMoney,
  formatNumber,
  gameVersionRanges,
  sortCategories,
  type GameVersionTag,
} from '@/lib/format'

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1_000, '1,000'],
    [1_234, '1,234'],
    [9_999, '9,999'],
  ])('writes %d below 10,000 in full with separators: %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected)
  })

  it.each([
    [10_000, '10.0k'],
    [10_049, '10.0k'],
    [10_050, '10.1k'],
    [12_345, '12.3k'],
    [12_349, '12.3k'],
    [12_350, '12.4k'],
    [99_999, '100.0k'],
    [123_456, '123.5k'],
    [999_949, '999.9k'],
  ])('shortens %d from 10,000 to k with one decimal: %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected)
  })

  it.each([
    [999_950, '1.00M'],
    [1_000_000, '1.00M'],
    [1_234_567, '1.23M'],
    [1_235_000, '1.24M'],
    [12_345_678, '12.35M'],
    [999_999_999, '1,000.00M'],
    [1_500_000_000, '1,500.00M'],
  ])('shortens %d from 1,000,000 to M with two decimals: %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected)
  })

  it('rounds fractions to whole counts first', () => {
    expect(formatNumber(1_234.6)).toBe('1,235')
    expect(formatNumber(9_999.4)).toBe('9,999')
    expect(formatNumber(9_999.5)).toBe('10.0k')
  })

  it('keeps the sign of negative numbers', () => {
    expect(formatNumber(-5)).toBe('-5')
    expect(formatNumber(-12_345)).toBe('-12.3k')
    expect(formatNumber(-2_000_000)).toBe('-2.00M')
    expect(formatNumber(-0.2)).toBe('0')
  })

  it('shows non-finite input as 0', () => {
    expect(formatNumber(Number.NaN)).toBe('0')
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0')
  })

  it('uses the locale for separators', () => {
    expect(formatNumber(1_234, 'de-DE')).toBe('1.234')
    expect(formatNumber(12_345, 'de-DE')).toBe('12,3k')
  })
})

describe('formatCount (site component helper)', () => {
  it('is formatNumber under its old name', () => {
    for (const value of [0, 7, 9_999, 10_000, 12_345, 999_950, 4_567_890]) expect(formatCount(value)).toBe(formatNumber(value))
    expect(formatCount(1_234, 'de-DE')).toBe('1.234')
  })

  it('shows negative or missing counts as 0', () => {
    expect(formatCount(-5)).toBe('0')
    expect(formatCount(Number.NaN)).toBe('0')
  })
})

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [12.34, '12.3'],
    [999, '999'],
    [999.96, '1K'],
    [1_000, '1K'],
    [1_050, '1.1K'],
    [1_500, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [2_000_000, '2M'],
    [45_600_000, '45.6M'],
    [3_200_000_000, '3.2G'],
    [1_000_000_000_000, '1T'],
    [999_950_000_000, '1T'],
    [7_250_000_000_000, '7.3T'],
    [1_500_000_000_000_000, '1,500T'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected)
  })

  it('keeps the sign and treats tiny or non-finite values as 0', () => {
    expect(formatCompact(-1_500)).toBe('-1.5K')
    expect(formatCompact(-0.04)).toBe('0')
    expect(formatCompact(Number.NaN)).toBe('0')
  })
})

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [1, '$1.00'],
    [4.99, '$4.99'],
    [1_234.5, '$1,234.50'],
    [10.999, '$10.99'],
    [19.999999, '$19.99'],
    [0.29, '$0.29'],
    [4.35, '$4.35'],
    [0.07, '$0.07'],
    [1.005, '$1.00'],
    [1_000_000.019, '$1,000,000.01'],
  ])('floors %d to two decimals: %s', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected)
  })

  it('floors the magnitude of negative amounts and never prints -$0.00', () => {
    expect(formatMoney(-1.239)).toBe('-$1.23')
    expect(formatMoney(-0.001)).toBe('$0.00')
  })

  it('shows non-finite amounts as zero', () => {
    expect(formatMoney(Number.NaN)).toBe('$0.00')
  })

  it('formats other currencies', () => {
    expect(formatMoney(12.349, 'EUR')).toBe('€12.34')
    expect(formatMoney(12.349, 'GBP')).toBe('£12.34')
    // Currencies without minor units floor to whole units.
    expect(formatMoney(1_234.9, 'JPY')).toBe('¥1,234')
    expect(formatMoney(12.349, 'EUR', 'de-DE')).toBe('12,34\u00a0€')
  })

  it('rejects unknown currency codes', () => {
    expect(() => formatMoney(1, 'NOPE')).toThrow(RangeError)
  })
})

describe('sortCategories', () => {
  const tag = (header: string, name: string) => ({ header, name })
  const names = (tags: { name: string }[]) => tags.map((t) => t.name)

  it('orders by header, then resolutions by size, impacts by weight, the rest by name', () => {
    const input = [
      tag('resolutions', '512x+'),
      tag('performance impact', 'screenshot'),
      tag('features', 'path-tracing'),
      tag('categories', 'vanilla-like'),
      tag('resolutions', '16x'),
      tag('performance impact', 'potato'),
      tag('categories', 'adventure'),
      tag('resolutions', '128x'),
      tag('performance impact', 'high'),
      tag('features', 'atmosphere'),
      tag('resolutions', '8x-'),
      tag('performance impact', 'low'),
      tag('categories', 'decoration'),
      tag('resolutions', '32x'),
      tag('performance impact', 'medium'),
      tag('resolutions', '256x'),
      tag('resolutions', '64x'),
      tag('resolutions', '48x'),
    ]
    expect(sortCategories(input).map((t) => `${t.header}/${t.name}`)).toEqual([
      'categories/adventure',
      'categories/decoration',
      'categories/vanilla-like',
      'features/atmosphere',
      'features/path-tracing',
      'performance impact/potato',
      'performance impact/low',
      'performance impact/medium',
      'performance impact/high',
      'performance impact/screenshot',
      'resolutions/8x-',
      'resolutions/16x',
      'resolutions/32x',
      'resolutions/48x',
      'resolutions/64x',
      'resolutions/128x',
      'resolutions/256x',
      'resolutions/512x+',
    ])
  })

  it('sorts resolutions numerically, not as text', () => {
    const input = ['128x', '16x', '256x', '32x', '512x+', '64x', '8x-', '48x'].map((name) => tag('resolutions', name))
    expect(names(sortCategories(input))).toEqual(['8x-', '16x', '32x', '48x', '64x', '128x', '256x', '512x+'])
  })

  it('puts unknown impact names and resolutions without a number last, by name', () => {
    expect(names(sortCategories(['zeta', 'high', 'alpha', 'potato'].map((name) => tag('performance impact', name))))).toEqual([
      'potato',
      'high',
      'alpha',
      'zeta',
    ])
    expect(names(sortCategories(['other', '16x', 'any', '8x-'].map((name) => tag('resolutions', name))))).toEqual(['8x-', '16x', 'any', 'other'])
  })

  it('returns a sorted copy and keeps every field', () => {
    const input = [
      { header: 'categories', name: 'tech', icon: '<svg/>', projectType: 'mod' },
      { header: 'categories', name: 'magic', icon: '<svg/>', projectType: 'mod' },
    ]
    const sorted = sortCategories(input)
    expect(sorted.map((t) => t.name)).toEqual(['magic', 'tech'])
    expect(sorted[0]).toBe(input[1])
    expect(input.map((t) => t.name)).toEqual(['tech', 'magic'])
  })

  it('exposes the comparator for Array.prototype.sort', () => {
    expect(compareCategories(tag('resolutions', '16x'), tag('resolutions', '128x'))).toBeLessThan(0)
    expect(compareCategories(tag('categories', 'z'), tag('features', 'a'))).toBeLessThan(0)
    expect(compareCategories(tag('features', 'a'), tag('features', 'a'))).toBe(0)
  })
})

/** Real Minecraft: Java Edition versions (1.12.2 onwards plus a few older), newest first as the API serves them. */
const ALL: GameVersionTag[] = (
  [
    ['25w03a', 'snapshot', '2025-01-15'],
    ['25w02a', 'snapshot', '2025-01-08'],
    ['1.21.4', 'release', '2024-12-03'],
    ['1.21.4-pre1', 'snapshot', '2024-11-13'],
    ['24w44a', 'snapshot', '2024-10-30'],
    ['1.21.3', 'release', '2024-10-23'],
    ['1.21.2', 'release', '2024-10-22'],
    ['1.21.2-pre1', 'snapshot', '2024-10-08'],
    ['24w33a', 'snapshot', '2024-08-15'],
    ['1.21.1', 'release', '2024-08-08'],
    ['1.21', 'release', '2024-06-13'],
    ['1.21-rc1', 'snapshot', '2024-06-10'],
    ['1.21-pre1', 'snapshot', '2024-05-22'],
    ['1.20.6', 'release', '2024-04-29'],
    ['1.20.5', 'release', '2024-04-23'],
    ['24w14a', 'snapshot', '2024-04-03'],
    ['24w03a', 'snapshot', '2024-01-17'],
    ['23w51a', 'snapshot', '2023-12-18'],
    ['1.20.4', 'release', '2023-12-07'],
    ['1.20.3', 'release', '2023-12-05'],
    ['1.20.2', 'release', '2023-09-21'],
    ['1.20.1', 'release', '2023-06-12'],
    ['1.20', 'release', '2023-06-07'],
    ['1.19.4', 'release', '2023-03-14'],
    ['1.19.3', 'release', '2022-12-07'],
    ['1.19.2', 'release', '2022-08-05'],
    ['1.19.1', 'release', '2022-07-27'],
    ['1.19', 'release', '2022-06-07'],
    ['1.18.2', 'release', '2022-02-28'],
    ['1.18.1', 'release', '2021-12-10'],
    ['1.18', 'release', '2021-11-30'],
    ['1.17.1', 'release', '2021-07-06'],
    ['1.17', 'release', '2021-06-08'],
    ['1.16.5', 'release', '2021-01-15'],
    ['1.16.4', 'release', '2020-11-02'],
    ['1.16.3', 'release', '2020-09-10'],
    ['1.16.2', 'release', '2020-08-11'],
    ['1.16.1', 'release', '2020-06-24'],
    ['1.16', 'release', '2020-06-23'],
    ['1.15.2', 'release', '2020-01-17'],
    ['1.15.1', 'release', '2019-12-17'],
    ['1.15', 'release', '2019-12-10'],
    ['1.14.4', 'release', '2019-07-19'],
    ['1.14.3', 'release', '2019-06-24'],
    ['1.14.2', 'release', '2019-05-27'],
    ['1.14.1', 'release', '2019-05-13'],
    ['1.14', 'release', '2019-04-23'],
    ['1.13.2', 'release', '2018-10-22'],
    ['1.13.1', 'release', '2018-08-22'],
    ['1.13', 'release', '2018-07-18'],
    ['1.12.2', 'release', '2017-09-18'],
    ['b1.8.1', 'beta', '2011-09-19'],
    ['b1.7.3', 'beta', '2011-07-08'],
    ['a1.2.6', 'alpha', '2010-12-03'],
  ] as const
).map(([version, versionType, date]) => ({ version, versionType, date: `${date}T10:00:00Z` }))

/** Releases from..to inclusive, by the fixture's own order. */
function releases(from: string, to: string): string[] {
  const list = ALL.filter((v) => v.versionType === 'release')
    .map((v) => v.version)
    .reverse()
  return list.slice(list.indexOf(from), list.indexOf(to) + 1)
}

describe('collapseGameVersions', () => {
  const collapse = (selected: string[]): string => collapseGameVersions(selected, ALL)

  it('writes the spec example "1.18–1.20.4, 1.21.x"', () => {
    expect(collapse([...releases('1.18', '1.20.4'), ...releases('1.21', '1.21.4')])).toBe('1.18–1.20.4, 1.21.x')
  })

  it.each([
    [[], ''],
    [['1.20.1'], '1.20.1'],
    [['1.20', '1.20.1'], '1.20–1.20.1'],
    [['1.20.1', '1.20.2', '1.20.3', '1.20.4'], '1.20.1–1.20.4'],
    [['1.16.5', '1.18.2', '1.19.2'], '1.16.5, 1.18.2, 1.19.2'],
    [['1.20.1', '1.20.4', '1.20.5'], '1.20.1, 1.20.4–1.20.5'],
    // 1.17 directly follows 1.16.5 among releases, so the span crosses the major line.
    [['1.16.5', '1.17'], '1.16.5–1.17'],
    [['1.17.1', '1.18', '1.18.1', '1.18.2', '1.19'], '1.17.1–1.19'],
  ])('collapses consecutive releases: %j → %s', (selected, expected) => {
    expect(collapse(selected)).toBe(expected)
  })

  it.each([
    [releases('1.19', '1.19.4'), '1.19.x'],
    [['1.17', '1.17.1'], '1.17.x'],
    [releases('1.16', '1.16.5'), '1.16.x'],
    [releases('1.21', '1.21.4'), '1.21.x'],
    [[...releases('1.16', '1.16.5'), ...releases('1.18', '1.18.2'), ...releases('1.20', '1.20.6')], '1.16.x, 1.18.x, 1.20.x'],
  ])('collapses a whole major line to .x: %j → %s', (selected, expected) => {
    expect(collapse(selected)).toBe(expected)
  })

  it('keeps spans over several whole lines as a span', () => {
    expect(collapse(releases('1.19', '1.20.6'))).toBe('1.19–1.20.6')
    expect(collapse(releases('1.12.2', '1.21.4'))).toBe('1.12.2–1.21.4')
  })

  it('writes a single release as itself even when it is its line\'s only one', () => {
    expect(collapse(['1.12.2'])).toBe('1.12.2')
    expect(collapse(['1.12.2', '1.14'])).toBe('1.12.2, 1.14')
  })

  it('does not call a partial line .x', () => {
    expect(collapse(releases('1.21', '1.21.3'))).toBe('1.21–1.21.3')
    expect(collapse(releases('1.20.1', '1.20.6'))).toBe('1.20.1–1.20.6')
  })

  it('ignores selection order and duplicates', () => {
    expect(collapse(['1.20.4', '1.18', '1.20.4', '1.19.4', '1.21', ...releases('1.18.1', '1.20.3').reverse()])).toBe('1.18–1.20.4, 1.21')
  })

  it('shows snapshots as spans when no release is selected', () => {
    expect(collapse(['24w14a', '1.21-pre1', '1.21-rc1'])).toBe('24w14a–1.21-rc1')
    expect(collapse(['23w51a', '24w03a', '25w02a'])).toBe('23w51a–24w03a, 25w02a')
    expect(collapse(['25w03a'])).toBe('25w03a')
  })

  it('appends only the newest selected snapshot, and only when it is newer than every selected release', () => {
    expect(collapse(['1.21.4', '25w02a'])).toBe('1.21.4, 25w02a')
    expect(collapse(['1.21.4', '25w02a', '25w03a'])).toBe('1.21.4, 25w03a')
    expect(collapse(['1.21.4', '24w14a', '24w44a'])).toBe('1.21.4')
    expect(collapse(['1.20.6', '24w14a', '1.21-pre1', '1.21-rc1'])).toBe('1.20.6, 1.21-rc1')
    expect(collapse([...releases('1.21', '1.21.4'), '24w33a', '1.21.4-pre1', '25w02a'])).toBe('1.21.x, 25w02a')
  })

  it('collapses legacy versions among themselves, before releases', () => {
    expect(collapse(['b1.7.3', 'b1.8.1'])).toBe('b1.7.3–b1.8.1')
    expect(collapse(['a1.2.6', 'b1.7.3', 'b1.8.1'])).toBe('a1.2.6–b1.8.1')
    expect(collapse(['a1.2.6', 'b1.8.1'])).toBe('a1.2.6, b1.8.1')
    expect(collapse(['b1.8.1', ...releases('1.21', '1.21.4')])).toBe('b1.8.1, 1.21.x')
  })

  it('keeps versions missing from the list, at the end', () => {
    expect(collapse(['custom-2', '1.20.1', '1.20.2', 'custom-1'])).toBe('1.20.1–1.20.2, custom-2, custom-1')
  })

  it('gives the same result whatever order the full list comes in', () => {
    const selected = [...releases('1.18', '1.20.4'), ...releases('1.21', '1.21.4'), '25w02a', 'b1.8.1']
    const expected = 'b1.8.1, 1.18–1.20.4, 1.21.x, 25w02a'
    expect(collapseGameVersions(selected, ALL)).toBe(expected)
    expect(collapseGameVersions(selected, [...ALL].reverse())).toBe(expected)
    const shuffled = [...ALL].sort((a, b) => a.version.localeCompare(b.version))
    expect(collapseGameVersions(selected, shuffled)).toBe(expected)
  })

  it('keeps same-day versions in the list\'s own order, in either direction', () => {
    const newestFirst: GameVersionTag[] = [
      { version: '1.7.8', versionType: 'release', date: '2014-04-11T10:00:00Z' },
      { version: '1.7.7', versionType: 'release', date: '2014-04-09T10:00:00Z' },
      { version: '1.7.6', versionType: 'release', date: '2014-04-09T10:00:00Z' },
      { version: '1.7.5', versionType: 'release', date: '2014-02-26T10:00:00Z' },
    ]
    for (const list of [newestFirst, [...newestFirst].reverse()]) {
      expect(collapseGameVersions(['1.7.5', '1.7.6'], list)).toBe('1.7.5–1.7.6')
      expect(collapseGameVersions(['1.7.5', '1.7.7'], list)).toBe('1.7.5, 1.7.7')
      expect(collapseGameVersions(['1.7.7', '1.7.8'], list)).toBe('1.7.7–1.7.8')
    }
  })

  it('also returns the ranges as a list for tag-style display', () => {
    expect(gameVersionRanges([...releases('1.18', '1.20.4'), ...releases('1.21', '1.21.4')], ALL)).toEqual(['1.18–1.20.4', '1.21.x'])
    expect(gameVersionRanges([], ALL)).toEqual([])
    expect(gameVersionRanges(['1.20.1'], [])).toEqual(['1.20.1'])
  })
})
