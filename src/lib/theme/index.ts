/**
 * Colour mode (theme) preference: pure helpers shared by the server layout, the proxy and the
 * client-side theme switch (spec §3 "Colour-mode cookie lasts 10 years, default system", §4 Theme).
 * No framework imports: this module runs on the server, in the browser and in unit tests.
 */

/** The values a user can choose. */
export const COLOR_MODES = ['system', 'light', 'dark'] as const
export type ColorMode = (typeof COLOR_MODES)[number]

/** A theme that is actually painted. */
export type ActiveTheme = 'light' | 'dark'

/** Value of `data-theme` on <html>: a concrete theme, or `system` to let CSS follow the OS. */
export type ThemeAttribute = ActiveTheme | 'system'

export const COLOR_MODE_COOKIE = 'color-mode'
export const DEFAULT_COLOR_MODE: ColorMode = 'system'
/** Ten years, in seconds (spec §9: cookies last 31536000000 ms, colour mode ten times that). */
export const COLOR_MODE_MAX_AGE_SECONDS = 10 * 31_536_000

export function isColorMode(value: unknown): value is ColorMode {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value)
}

/** Reads a stored preference; anything missing or unknown is the default (`system`). */
export function parseColorMode(value: unknown): ColorMode {
  if (typeof value !== 'string') return DEFAULT_COLOR_MODE
  const v = value.trim().toLowerCase()
  return isColorMode(v) ? v : DEFAULT_COLOR_MODE
}

/**
 * Parses a `Cookie` request header into name → value. The first occurrence of a name wins (as
 * browsers send the most specific cookie first); values are percent-decoded when valid.
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (!name || name in out) continue
    let value = part.slice(eq + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    try {
      out[name] = decodeURIComponent(value)
    } catch {
      out[name] = value // not valid percent-encoding: keep it as sent
    }
  }
  return out
}

/** The colour mode stored in a `Cookie` header. */
export function colorModeFromCookieHeader(header: string | null | undefined): ColorMode {
  return parseColorMode(parseCookieHeader(header)[COLOR_MODE_COOKIE])
}

/**
 * The theme painted for a preference. `system` follows the OS setting; when that is unknown it
 * maps to dark (spec §4).
 */
export function resolveTheme(mode: ColorMode, system?: ActiveTheme | null): ActiveTheme {
  if (mode === 'light' || mode === 'dark') return mode
  return system ?? 'dark'
}

/**
 * The `data-theme` attribute the server puts on <html>. An explicit choice is applied as is;
 * `system` stays `system` so the stylesheet follows `prefers-color-scheme` before the first paint
 * (no flash, and live OS changes are followed). Pass the OS theme when it is known (in the browser)
 * to get a concrete one.
 */
export function themeAttribute(mode: ColorMode, system?: ActiveTheme | null): ThemeAttribute {
  if (mode === 'system') return system ?? 'system'
  return mode
}

/** The theme a "cycle" control switches to: the opposite of the one painted now (spec §4). */
export function cycleTheme(active: ActiveTheme): ActiveTheme {
  return active === 'dark' ? 'light' : 'dark'
}

/** A `document.cookie` assignment storing the preference site-wide for ten years. */
export function serializeColorModeCookie(mode: ColorMode, opts: { secure?: boolean } = {}): string {
  const parts = [
    `${COLOR_MODE_COOKIE}=${mode}`,
    'Path=/',
    `Max-Age=${COLOR_MODE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
  ]
  if (opts.secure) parts.push('Secure')
  return parts.join('; ')
}
