/**
 * Colour mode (theme) preference: pure helpers shared by the server layout, the proxy and the
 * client-side theme switch (spec §3 "Colour-mode cookie lasts 10 years, default system", §4 Theme).
 * No framework imports: this module runs on the server, in the browser and in unit tests.
 */

import { parseCookieHeader, serializeSiteCookie } from '../cookies'

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

/**
 * Dark palettes (spec §4 "Dark options dark, oled, retro"). The `preferredDarkTheme` cosmetic cookie
 * (see src/lib/cosmetics) picks one; it is painted whenever the active theme is dark, whether chosen
 * or reached through `system`.
 */
export const DARK_THEMES = ['dark', 'oled', 'retro'] as const
export type DarkTheme = (typeof DARK_THEMES)[number]
export const DEFAULT_DARK_THEME: DarkTheme = 'dark'

/** What is painted: the light palette or one of the dark ones. */
export type Palette = 'light' | DarkTheme

export function isDarkTheme(value: unknown): value is DarkTheme {
  return typeof value === 'string' && (DARK_THEMES as readonly string[]).includes(value)
}

/** Reads a stored dark palette; anything missing or unknown is the default (`dark`). */
export function parseDarkTheme(value: unknown): DarkTheme {
  if (typeof value !== 'string') return DEFAULT_DARK_THEME
  const v = value.trim().toLowerCase()
  return isDarkTheme(v) ? v : DEFAULT_DARK_THEME
}

/**
 * The palette painted for a preference and a dark option. With `system` and an unknown OS setting it
 * is the dark option, as the stylesheet does before any script runs.
 */
export function resolvePalette(mode: ColorMode, darkTheme: DarkTheme, system?: ActiveTheme | null): Palette {
  return resolveTheme(mode, system) === 'light' ? 'light' : darkTheme
}

/**
 * Attribute on <html> naming the dark palette. The server always writes it, so the stylesheet picks
 * the right dark palette before the first paint; tokens.css applies it only while the theme is dark.
 */
export const DARK_THEME_ATTRIBUTE = 'data-dark-theme'

/** A `document.cookie` assignment storing the preference site-wide for ten years. */
export function serializeColorModeCookie(mode: ColorMode, opts: { secure?: boolean } = {}): string {
  return serializeSiteCookie(COLOR_MODE_COOKIE, mode, { maxAgeSeconds: COLOR_MODE_MAX_AGE_SECONDS, secure: opts.secure })
}

/** The browser UI colour (`<meta name="theme-color">`) of each palette: its header background. */
export const PALETTE_CHROME_COLORS: Record<Palette, string> = { light: '#ffffff', dark: '#16191e', oled: '#000000', retro: '#25221e' }

/**
 * `theme-color` entries for a colour mode and dark palette: one colour for an explicit choice, one per
 * `prefers-color-scheme` for `system`.
 */
export function themeColors(mode: ColorMode, darkTheme: DarkTheme): { media?: string; color: string }[] {
  if (mode !== 'system') return [{ color: PALETTE_CHROME_COLORS[resolvePalette(mode, darkTheme)] }]
  return [
    { media: '(prefers-color-scheme: light)', color: PALETTE_CHROME_COLORS.light },
    { media: '(prefers-color-scheme: dark)', color: PALETTE_CHROME_COLORS[darkTheme] },
  ]
}
