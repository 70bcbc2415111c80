import { z } from 'zod'

/**
 * A server's preferences (spec §2 "options/preferences"), kept on the server for its owner and
 * staff: how the site treats it (restart it after a crash) and how its page shows it.
 */
export const PREFERENCE_KEYS = ['autoRestart', 'ramAsPercent', 'hideSubdomainLabel', 'confirmPower'] as const
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number]
export type ServerPreferences = Record<PreferenceKey, boolean>

/** Asking before a stop or a kill is on until turned off; the rest are off. */
export const DEFAULT_PREFERENCES: ServerPreferences = { autoRestart: false, ramAsPercent: false, hideSubdomainLabel: false, confirmPower: true }

export const preferencesSchema = z.object(Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<PreferenceKey, z.ZodBoolean>).strict()

/** The stored preferences over the defaults (a missing or malformed entry is its default). */
export function preferencesOf(stored: unknown): ServerPreferences {
  const out = { ...DEFAULT_PREFERENCES }
  if (stored && typeof stored === 'object') {
    for (const key of PREFERENCE_KEYS) {
      const value = (stored as Record<string, unknown>)[key]
      if (typeof value === 'boolean') out[key] = value
    }
  }
  return out
}
