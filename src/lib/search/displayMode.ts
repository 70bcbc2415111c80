/**
 * The `searchDisplayMode` cookie as the search and profile pages use it. The cookie is one of the
 * cosmetic cookies of spec §3: its name, parsing and attributes live in src/lib/cosmetics; this module
 * keeps the names the search code has always imported.
 */
import { COSMETIC_MAX_AGE_SECONDS, serializeCosmeticCookie, type CosmeticName, type DisplayModes } from '../cosmetics'

export {
  DEFAULT_DISPLAY_MODES,
  DISPLAY_MODES,
  displayModeOf,
  displayModesCookieValue,
  isDisplayMode,
  parseDisplayModes,
  withDisplayMode,
  type DisplayMode,
  type DisplayModeKey,
  type DisplayModes,
} from '../cosmetics'

export const SEARCH_DISPLAY_MODE_COOKIE = 'searchDisplayMode' satisfies CosmeticName
/** One year (spec §9: 31536000000 ms), as every cosmetic cookie. */
export const DISPLAY_MODE_MAX_AGE_SECONDS = COSMETIC_MAX_AGE_SECONDS

/** A `document.cookie` assignment for the modes. */
export function serializeDisplayModeCookie(modes: DisplayModes, opts: { secure?: boolean } = {}): string {
  return serializeCosmeticCookie(SEARCH_DISPLAY_MODE_COOKIE, modes, opts)
}
