/**
 * Applying a theme choice in the browser: stores the cookie the server reads next time and updates
 * <html> at once, then tells other controls on the page (the header button, the settings page).
 * Browser-only; the decisions themselves are the pure helpers in ./index.ts.
 */
import { serializeCosmeticCookie } from '../cosmetics'

import { DARK_THEME_ATTRIBUTE, serializeColorModeCookie, themeAttribute, type ColorMode, type DarkTheme } from './index'

/** Fired on window after a change, so every theme control on the page shows the new state. */
export const THEME_CHANGE_EVENT = 'site:themechange'
export type ThemeChange = { colorMode?: ColorMode; darkTheme?: DarkTheme }

const secure = () => window.location.protocol === 'https:'

export function applyColorMode(mode: ColorMode): void {
  document.cookie = serializeColorModeCookie(mode, { secure: secure() })
  // `system` is left to the stylesheet's prefers-color-scheme rules, which also follow live OS changes.
  document.documentElement.dataset.theme = themeAttribute(mode)
  window.dispatchEvent(new CustomEvent<ThemeChange>(THEME_CHANGE_EVENT, { detail: { colorMode: mode } }))
}

export function applyDarkTheme(darkTheme: DarkTheme): void {
  document.cookie = serializeCosmeticCookie('preferredDarkTheme', darkTheme, { secure: secure() })
  document.documentElement.setAttribute(DARK_THEME_ATTRIBUTE, darkTheme)
  window.dispatchEvent(new CustomEvent<ThemeChange>(THEME_CHANGE_EVENT, { detail: { darkTheme } }))
}
