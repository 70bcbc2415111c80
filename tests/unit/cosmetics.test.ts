import { describe, expect, it } from 'vitest'

import {
  BOOLEAN_COSMETICS,
  COSMETIC_MAX_AGE_SECONDS,
  COSMETIC_NAMES,
  cosmeticCookieOptions,
  cosmeticCookieValue,
  cosmeticsFromCookieHeader,
  DEFAULT_COSMETICS,
  isBooleanCosmetic,
  isCosmeticName,
  parseCosmetic,
  parseCosmetics,
  serializeCosmeticCookie,
  withDisplayMode,
} from '../../src/lib/cosmetics'
import { DISPLAY_MODE_MAX_AGE_SECONDS, SEARCH_DISPLAY_MODE_COOKIE, serializeDisplayModeCookie } from '../../src/lib/search/displayMode'

describe('cosmetic cookies: names and defaults (spec §3)', () => {
  it('has every cosmetic with its default', () => {
    expect(DEFAULT_COSMETICS).toEqual({
      rightSearchLayout: false,
      leftContentLayout: false,
      advancedRendering: true,
      externalLinksNewTab: true,
      notUsingBlockers: false,
      hideModrinthAppPromos: false,
      preferredDarkTheme: 'dark',
      hideStagingBanner: false,
      searchDisplayMode: { mod: 'list', plugin: 'list', resourcepack: 'gallery', modpack: 'list', shader: 'gallery', datapack: 'list', user: 'list', collection: 'list' },
    })
    expect(COSMETIC_NAMES).toHaveLength(9)
    expect(BOOLEAN_COSMETICS).toHaveLength(7)
  })

  it('recognises names', () => {
    expect(isCosmeticName('preferredDarkTheme')).toBe(true)
    expect(isCosmeticName('toString')).toBe(false)
    expect(isBooleanCosmetic('advancedRendering')).toBe(true)
    expect(isBooleanCosmetic('preferredDarkTheme')).toBe(false)
  })

  it('lasts one year (31536000000 ms)', () => {
    expect(COSMETIC_MAX_AGE_SECONDS * 1000).toBe(31_536_000_000)
    expect(DISPLAY_MODE_MAX_AGE_SECONDS).toBe(COSMETIC_MAX_AGE_SECONDS)
  })
})

describe('parsing', () => {
  it('reads booleans leniently, defaulting on junk', () => {
    expect(parseCosmetic('rightSearchLayout', 'true')).toBe(true)
    expect(parseCosmetic('rightSearchLayout', ' TRUE ')).toBe(true)
    expect(parseCosmetic('rightSearchLayout', '1')).toBe(true)
    expect(parseCosmetic('advancedRendering', 'false')).toBe(false)
    expect(parseCosmetic('advancedRendering', '0')).toBe(false)
    for (const junk of [undefined, null, '', 'yes', 'on']) {
      expect(parseCosmetic('advancedRendering', junk)).toBe(true)
      expect(parseCosmetic('hideStagingBanner', junk)).toBe(false)
    }
  })

  it('reads the preferred dark theme', () => {
    expect(parseCosmetic('preferredDarkTheme', 'oled')).toBe('oled')
    expect(parseCosmetic('preferredDarkTheme', 'Retro')).toBe('retro')
    expect(parseCosmetic('preferredDarkTheme', 'light')).toBe('dark')
    expect(parseCosmetic('preferredDarkTheme', undefined)).toBe('dark')
  })

  it('reads the display modes, raw or encoded', () => {
    expect(parseCosmetic('searchDisplayMode', '{"mod":"grid"}').mod).toBe('grid')
    expect(parseCosmetic('searchDisplayMode', encodeURIComponent('{"shader":"list"}')).shader).toBe('list')
  })

  it('reads everything through a lookup, defaults for what is missing', () => {
    const jar: Record<string, string> = { leftContentLayout: 'true', preferredDarkTheme: 'retro' }
    expect(parseCosmetics((name) => jar[name])).toEqual({ ...DEFAULT_COSMETICS, leftContentLayout: true, preferredDarkTheme: 'retro' })
    expect(parseCosmetics(() => undefined)).toEqual(DEFAULT_COSMETICS)
  })

  it('reads a Cookie header', () => {
    const header = `a=1; externalLinksNewTab=false; ${serializeCosmeticCookie('searchDisplayMode', withDisplayMode(DEFAULT_COSMETICS.searchDisplayMode, 'mod', 'gallery')).split(';')[0]}`
    const c = cosmeticsFromCookieHeader(header)
    expect(c.externalLinksNewTab).toBe(false)
    expect(c.searchDisplayMode.mod).toBe('gallery')
    expect(c.advancedRendering).toBe(true)
  })
})

describe('writing', () => {
  it('serializes a site-wide, one-year, lax, script-readable cookie', () => {
    expect(serializeCosmeticCookie('rightSearchLayout', true)).toBe('rightSearchLayout=true; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(serializeCosmeticCookie('preferredDarkTheme', 'oled', { secure: true })).toBe('preferredDarkTheme=oled; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
    expect(serializeCosmeticCookie('advancedRendering', false)).not.toMatch(/HttpOnly/i)
  })

  it('round-trips every cosmetic through its cookie', () => {
    const changed = {
      ...DEFAULT_COSMETICS,
      rightSearchLayout: true,
      advancedRendering: false,
      preferredDarkTheme: 'retro' as const,
      searchDisplayMode: withDisplayMode(DEFAULT_COSMETICS.searchDisplayMode, 'collection', 'grid'),
    }
    const header = COSMETIC_NAMES.map((name) => serializeCosmeticCookie(name, changed[name]).split(';')[0]).join('; ')
    expect(cosmeticsFromCookieHeader(header)).toEqual(changed)
  })

  it('gives Next the unencoded value and the same attributes', () => {
    expect(cosmeticCookieValue('searchDisplayMode', DEFAULT_COSMETICS.searchDisplayMode)).toBe(JSON.stringify(DEFAULT_COSMETICS.searchDisplayMode))
    expect(cosmeticCookieValue('notUsingBlockers', true)).toBe('true')
    expect(cosmeticCookieOptions()).toEqual({ path: '/', maxAge: 31_536_000, sameSite: 'lax', httpOnly: false, secure: false })
    expect(cosmeticCookieOptions({ secure: true }).secure).toBe(true)
  })

  it('agrees with the search code’s display-mode cookie', () => {
    expect(SEARCH_DISPLAY_MODE_COOKIE).toBe('searchDisplayMode')
    const modes = withDisplayMode(DEFAULT_COSMETICS.searchDisplayMode, 'plugin', 'grid')
    expect(serializeDisplayModeCookie(modes, { secure: true })).toBe(serializeCosmeticCookie('searchDisplayMode', modes, { secure: true }))
  })
})
