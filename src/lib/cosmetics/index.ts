/**
 * The cosmetic cookies of spec §3: display preferences that need no account. Each is its own cookie,
 * "one year, same-site lax, secure, script-readable, site-wide", so the server renders the first paint
 * from them (no flash) and the browser can change them without a round trip.
 * Pure: runs on the server, in the browser and in unit tests. The server-side reader is ./server.ts.
 */
import { parseCookieHeader, preferenceCookieOptions, serializeSiteCookie } from '../cookies'
import { DEFAULT_DARK_THEME, parseDarkTheme, type DarkTheme } from '../theme'

import { DEFAULT_DISPLAY_MODES, parseDisplayModes, type DisplayModes } from './displayModes'

export {
  DEFAULT_DISPLAY_MODES,
  DISPLAY_MODE_KEYS,
  DISPLAY_MODES,
  displayModeOf,
  displayModesCookieValue,
  isDisplayMode,
  isDisplayModeKey,
  parseDisplayModes,
  withDisplayMode,
  type DisplayMode,
  type DisplayModeKey,
  type DisplayModes,
} from './displayModes'

/** One year, in seconds (spec §9: cookies last about 31536000000 ms). */
export const COSMETIC_MAX_AGE_SECONDS = 31_536_000

/** The on/off cosmetics and their defaults (spec §3). */
export const BOOLEAN_COSMETIC_DEFAULTS = {
  rightSearchLayout: false,
  leftContentLayout: false,
  advancedRendering: true,
  externalLinksNewTab: true,
  notUsingBlockers: false,
  hideModrinthAppPromos: false,
  hideStagingBanner: false,
} as const satisfies Record<string, boolean>

export type BooleanCosmetic = keyof typeof BOOLEAN_COSMETIC_DEFAULTS
export const BOOLEAN_COSMETICS = Object.keys(BOOLEAN_COSMETIC_DEFAULTS) as BooleanCosmetic[]

/** Every cosmetic, by cookie name. */
export type Cosmetics = Record<BooleanCosmetic, boolean> & {
  preferredDarkTheme: DarkTheme
  searchDisplayMode: DisplayModes
}
export type CosmeticName = keyof Cosmetics

export const DEFAULT_COSMETICS: Cosmetics = {
  ...BOOLEAN_COSMETIC_DEFAULTS,
  preferredDarkTheme: DEFAULT_DARK_THEME,
  searchDisplayMode: DEFAULT_DISPLAY_MODES,
}

export const COSMETIC_NAMES = Object.keys(DEFAULT_COSMETICS) as CosmeticName[]

export const isCosmeticName = (v: unknown): v is CosmeticName => typeof v === 'string' && Object.hasOwn(DEFAULT_COSMETICS, v)
export const isBooleanCosmetic = (v: unknown): v is BooleanCosmetic => typeof v === 'string' && Object.hasOwn(BOOLEAN_COSMETIC_DEFAULTS, v)

/** How one cookie's value is read (lenient: anything unreadable is the default) and written. */
type Codec<T> = { parse: (raw: string | null | undefined) => T; format: (value: T) => string }

function booleanCodec(fallback: boolean): Codec<boolean> {
  return {
    parse: (raw) => {
      const v = raw?.trim().toLowerCase()
      if (v === 'true' || v === '1') return true
      if (v === 'false' || v === '0') return false
      return fallback
    },
    format: (value) => String(value),
  }
}

const CODECS: { [N in CosmeticName]: Codec<Cosmetics[N]> } = {
  rightSearchLayout: booleanCodec(BOOLEAN_COSMETIC_DEFAULTS.rightSearchLayout),
  leftContentLayout: booleanCodec(BOOLEAN_COSMETIC_DEFAULTS.leftContentLayout),
  advancedRendering: booleanCodec(BOOLEAN_COSMETIC_DEFAULTS.advancedRendering),
  externalLinksNewTab: booleanCodec(BOOLEAN_COSMETIC_DEFAULTS.externalLinksNewTab),
  notUsingBlockers: booleanCodec(BOOLEAN_COSMETIC_DEFAULTS.notUsingBlockers),
  hideModrinthAppPromos: booleanCodec(BOOLEAN_COSMETIC_DEFAULTS.hideModrinthAppPromos),
  hideStagingBanner: booleanCodec(BOOLEAN_COSMETIC_DEFAULTS.hideStagingBanner),
  preferredDarkTheme: { parse: (raw) => parseDarkTheme(raw), format: (value) => value },
  searchDisplayMode: { parse: (raw) => parseDisplayModes(raw), format: (value) => JSON.stringify(value) },
}

/** One cookie's value as stored (raw or URI-encoded), or its default when missing or unreadable. */
export function parseCosmetic<N extends CosmeticName>(name: N, raw: string | null | undefined): Cosmetics[N] {
  return CODECS[name].parse(raw)
}

/** Every cosmetic, read through a lookup by cookie name (Next's cookie store, a parsed header, …). */
export function parseCosmetics(lookup: (name: CosmeticName) => string | null | undefined): Cosmetics {
  const read = <N extends CosmeticName>(name: N): Cosmetics[N] => parseCosmetic(name, lookup(name))
  return {
    rightSearchLayout: read('rightSearchLayout'),
    leftContentLayout: read('leftContentLayout'),
    advancedRendering: read('advancedRendering'),
    externalLinksNewTab: read('externalLinksNewTab'),
    notUsingBlockers: read('notUsingBlockers'),
    hideModrinthAppPromos: read('hideModrinthAppPromos'),
    hideStagingBanner: read('hideStagingBanner'),
    preferredDarkTheme: read('preferredDarkTheme'),
    searchDisplayMode: read('searchDisplayMode'),
  }
}

/** Every cosmetic in a `Cookie` header (or `document.cookie`). */
export function cosmeticsFromCookieHeader(header: string | null | undefined): Cosmetics {
  const jar = parseCookieHeader(header)
  return parseCosmetics((name) => jar[name])
}

/**
 * The value before URI encoding. Give this to Next's `cookies().set`, which encodes it itself;
 * `serializeCosmeticCookie` encodes it for `document.cookie`.
 */
export function cosmeticCookieValue<N extends CosmeticName>(name: N, value: Cosmetics[N]): string {
  return CODECS[name].format(value)
}

/** The attributes every cosmetic cookie has, in the shape of Next's `cookies().set` options. */
export function cosmeticCookieOptions(opts: { secure?: boolean } = {}) {
  return preferenceCookieOptions(COSMETIC_MAX_AGE_SECONDS, !!opts.secure)
}

/**
 * A `document.cookie` assignment (or `Set-Cookie` value): site-wide, one year, same-site lax, readable
 * by scripts, `Secure` when asked (pass `location.protocol === 'https:'` in the browser).
 */
export function serializeCosmeticCookie<N extends CosmeticName>(name: N, value: Cosmetics[N], opts: { secure?: boolean } = {}): string {
  return serializeSiteCookie(name, cosmeticCookieValue(name, value), { maxAgeSeconds: COSMETIC_MAX_AGE_SECONDS, secure: opts.secure })
}
