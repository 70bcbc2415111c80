/**
 * The `searchDisplayMode` cosmetic cookie (spec §3): one view mode per listing type, stored as one
 * JSON object. Pure: used by the server (first paint in the right mode) and the browser (switching
 * without a reload). The cookie's name and attributes are the cosmetics module's (./index.ts).
 */

import type { ProjectType } from '../projectTypes'

export const DISPLAY_MODES = ['list', 'grid', 'gallery'] as const
export type DisplayMode = (typeof DISPLAY_MODES)[number]

/** Spec §3: mod list, plugin list, resourcepack gallery, modpack list, shader gallery, datapack list, user list, collection list. */
export const DEFAULT_DISPLAY_MODES = {
  mod: 'list',
  plugin: 'list',
  resourcepack: 'gallery',
  modpack: 'list',
  shader: 'gallery',
  datapack: 'list',
  user: 'list',
  collection: 'list',
} as const satisfies Record<ProjectType | 'user' | 'collection', DisplayMode>

export type DisplayModeKey = keyof typeof DEFAULT_DISPLAY_MODES
export type DisplayModes = Record<DisplayModeKey, DisplayMode>

export const DISPLAY_MODE_KEYS = Object.keys(DEFAULT_DISPLAY_MODES) as DisplayModeKey[]

export const isDisplayMode = (v: unknown): v is DisplayMode => typeof v === 'string' && (DISPLAY_MODES as readonly string[]).includes(v)

export const isDisplayModeKey = (v: unknown): v is DisplayModeKey => typeof v === 'string' && Object.hasOwn(DEFAULT_DISPLAY_MODES, v)

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
  for (const key of DISPLAY_MODE_KEYS) {
    const value = (parsed as Record<string, unknown>)[key]
    if (isDisplayMode(value)) modes[key] = value
  }
  return modes
}

/** The mode of one listing type (the default of unknown types is list). */
export function displayModeOf(modes: DisplayModes, type: string): DisplayMode {
  return isDisplayModeKey(type) ? modes[type] : 'list'
}

export function withDisplayMode(modes: DisplayModes, type: string, mode: DisplayMode): DisplayModes {
  return isDisplayModeKey(type) ? { ...modes, [type]: mode } : modes
}

/** The cookie value: URI-encoded JSON (no commas, quotes or semicolons left raw). */
export const displayModesCookieValue = (modes: DisplayModes): string => encodeURIComponent(JSON.stringify(modes))

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}
