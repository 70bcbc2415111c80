import { describe, expect, it } from 'vitest'

import {
  COLOR_MODE_COOKIE,
  COLOR_MODE_MAX_AGE_SECONDS,
  colorModeFromCookieHeader,
  cycleTheme,
  DARK_THEMES,
  isColorMode,
  isDarkTheme,
  parseDarkTheme,
  resolvePalette,
  parseColorMode,
  resolveTheme,
  serializeColorModeCookie,
  themeAttribute,
  themeColors,
} from '../../src/lib/theme'
import { parseCookieHeader } from '../../src/lib/cookies'

describe('colour-mode cookie', () => {
  it('is called color-mode and lasts ten years', () => {
    expect(COLOR_MODE_COOKIE).toBe('color-mode')
    expect(COLOR_MODE_MAX_AGE_SECONDS * 1000).toBe(10 * 31_536_000_000)
  })

  it('parses the three modes and defaults to system', () => {
    expect(parseColorMode('light')).toBe('light')
    expect(parseColorMode('dark')).toBe('dark')
    expect(parseColorMode('system')).toBe('system')
    expect(parseColorMode(' DARK ')).toBe('dark')
    for (const bad of [undefined, null, '', 'oled', 'blue', 1, {}]) expect(parseColorMode(bad)).toBe('system')
    expect(isColorMode('dark')).toBe(true)
    expect(isColorMode('oled')).toBe(false)
  })

  it('serializes a site-wide, ten-year, script-readable cookie', () => {
    expect(serializeColorModeCookie('dark')).toBe('color-mode=dark; Path=/; Max-Age=315360000; SameSite=Lax')
    expect(serializeColorModeCookie('light', { secure: true })).toBe(
      'color-mode=light; Path=/; Max-Age=315360000; SameSite=Lax; Secure',
    )
    expect(serializeColorModeCookie('dark')).not.toMatch(/HttpOnly/i)
  })

  it('round-trips through a Cookie header', () => {
    const header = serializeColorModeCookie('light').split(';')[0]
    expect(colorModeFromCookieHeader(`a=1; ${header}; b=2`)).toBe('light')
  })
})

describe('parseCookieHeader', () => {
  it('splits names and values', () => {
    expect(parseCookieHeader('a=1; color-mode=dark;b = two words')).toEqual({ a: '1', 'color-mode': 'dark', b: 'two words' })
  })

  it('handles empty, quoted, encoded and malformed input', () => {
    expect(parseCookieHeader(undefined)).toEqual({})
    expect(parseCookieHeader('')).toEqual({})
    expect(parseCookieHeader('x="quoted"; y=%E2%9C%93; z=%E0%A4%A; junk')).toEqual({ x: 'quoted', y: '✓', z: '%E0%A4%A' })
  })

  it('keeps the first of repeated names', () => {
    expect(parseCookieHeader('color-mode=light; color-mode=dark')['color-mode']).toBe('light')
  })

  it('reads the colour mode with a default', () => {
    expect(colorModeFromCookieHeader(null)).toBe('system')
    expect(colorModeFromCookieHeader('color-mode=retro')).toBe('system')
    expect(colorModeFromCookieHeader('other=1; color-mode=dark')).toBe('dark')
  })
})

describe('theme resolution', () => {
  it('applies an explicit choice regardless of the system', () => {
    expect(resolveTheme('light', 'dark')).toBe('light')
    expect(resolveTheme('dark', 'light')).toBe('dark')
  })

  it('follows the system for system, and maps an unknown system to dark', () => {
    expect(resolveTheme('system', 'light')).toBe('light')
    expect(resolveTheme('system', 'dark')).toBe('dark')
    expect(resolveTheme('system')).toBe('dark')
    expect(resolveTheme('system', null)).toBe('dark')
  })

  it('gives the server a data-theme that never guesses', () => {
    expect(themeAttribute('light')).toBe('light')
    expect(themeAttribute('dark', 'light')).toBe('dark')
    expect(themeAttribute('system')).toBe('system')
    expect(themeAttribute('system', 'light')).toBe('light')
  })

  it('cycles to the opposite of the active theme', () => {
    expect(cycleTheme('dark')).toBe('light')
    expect(cycleTheme('light')).toBe('dark')
  })
})

describe('dark options (spec §4: dark, oled, retro)', () => {
  it('has three dark palettes, dark by default', () => {
    expect(DARK_THEMES).toEqual(['dark', 'oled', 'retro'])
    expect(isDarkTheme('oled')).toBe(true)
    expect(isDarkTheme('light')).toBe(false)
    expect(parseDarkTheme(' RETRO ')).toBe('retro')
    for (const bad of [undefined, null, '', 'light', 'system', 3]) expect(parseDarkTheme(bad)).toBe('dark')
  })

  it('paints the dark option whenever the active theme is dark', () => {
    expect(resolvePalette('dark', 'oled')).toBe('oled')
    expect(resolvePalette('light', 'oled')).toBe('light')
    expect(resolvePalette('system', 'retro', 'dark')).toBe('retro')
    expect(resolvePalette('system', 'retro', 'light')).toBe('light')
    // An unknown system setting maps to dark, so to the dark option.
    expect(resolvePalette('system', 'oled')).toBe('oled')
  })
})

describe('themeColors', () => {
  it('gives one colour for an explicit choice and the chosen dark palette', () => {
    expect(themeColors('light', 'oled')).toEqual([{ color: '#ffffff' }])
    expect(themeColors('dark', 'oled')).toEqual([{ color: '#000000' }])
    expect(themeColors('dark', 'retro')).toEqual([{ color: '#25221e' }])
  })
  it('follows prefers-color-scheme for system', () => {
    expect(themeColors('system', 'retro')).toEqual([
      { media: '(prefers-color-scheme: light)', color: '#ffffff' },
      { media: '(prefers-color-scheme: dark)', color: '#25221e' },
    ])
  })
})
