/**
 * The `searchDisplayMode` cookie (spec §3 cosmetics): one view mode per listing type, stored as one
 * JSON object, one year, same-site lax, readable by scripts, for the whole site. Pure: used by the
 * server (first paint in the right mode) and the browser (switching without a reload).
 */

export const DISPLAY_MODES = ['list', 'grid', 'gallery'] as const
export type DisplayMode = (typeof DISPLAY_MODES)[number]

export const SEARCH_DISPLAY_MODE_COOKIE = 'searchDisplayMode'
/** One year (spec §9: 31536000000 ms). */
export const DISPLAY_MODE_MAX_AGE_SECONDS = 31_536_000

export const DEFAULT_DISPLAY_MODES = {
  mod: 'list',
  plugin: 'list',
  resourcepack: 'gallery',
  modpack: 'list',
  shader: 'gallery',
  datapack: 'list',
  user: 'list',
  collection: 'list',
} as const satisfies Record<string, DisplayMode>

export type DisplayModeKey = keyof typeof DEFAULT_DISPLAY_MODES
export type DisplayModes = Record<DisplayModeKey, DisplayMode>

export const isDisplayMode = (v: unknown): v is DisplayMode => typeof v === 'string' && (DISPLAY_MODES as readonly string[]).includes(v)

/** The modes stored in the cookie value, defaults for anything missing or unreadable. */
export function parseDisplayModes(raw: string | null | undefined): DisplayModes {
  const modes: DisplayModes = { ...DEFAULT_DISPLAY_MODES }
  if (!raw) return modes
  let parsed: unknown = null
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      parsed = JSON.parse(candidate)
      break
    } catch {
      /* try the next reading */
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return modes
  for (const key of Object.keys(DEFAULT_DISPLAY_MODES) as DisplayModeKey[]) {
    const value = (parsed as Record<string, unknown>)[key]
    if (isDisplayMode(value)) modes[key] = value
  }
  return modes
}

/** The mode of one listing type (the default of unknown types is list). */
export function displayModeOf(modes: DisplayModes, type: string): DisplayMode {
  return (modes as Record<string, DisplayMode>)[type] ?? 'list'
}

export function withDisplayMode(modes: DisplayModes, type: string, mode: DisplayMode): DisplayModes {
  return type in DEFAULT_DISPLAY_MODES ? { ...modes, [type]: mode } : modes
}

/** The cookie value: URI-encoded JSON (no commas, quotes or semicolons left raw). */
export const displayModesCookieValue = (modes: DisplayModes): string => encodeURIComponent(JSON.stringify(modes))

/** A `document.cookie` assignment for the modes. */
export function serializeDisplayModeCookie(modes: DisplayModes, opts: { secure?: boolean } = {}): string {
  const parts = [
    `${SEARCH_DISPLAY_MODE_COOKIE}=${displayModesCookieValue(modes)}`,
    'Path=/',
    `Max-Age=${DISPLAY_MODE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
  ]
  if (opts.secure) parts.push('Secure')
  return parts.join('; ')
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}
