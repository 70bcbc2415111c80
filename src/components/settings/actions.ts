'use server'

import { cookies } from 'next/headers'

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@/i18n/config'
import { AUTOMATIC, parseLanguageSetting } from '@/i18n/languages'
import { localeCookieOptions, preferenceCookieOptions } from '@/lib/cookies'
import { BOOLEAN_COSMETICS, DISPLAY_MODE_KEYS, isDisplayMode, parseCosmetic, withDisplayMode } from '@/lib/cosmetics'
import { secureCookies, writeCosmetic } from '@/lib/cosmetics/server'
import { COLOR_MODE_COOKIE, COLOR_MODE_MAX_AGE_SECONDS, parseColorMode, parseDarkTheme } from '@/lib/theme'

/**
 * The appearance form posted without JavaScript (with JavaScript each control writes its own cookie
 * at once and the form is never submitted). The form always carries every control, so an absent
 * checkbox means off.
 */
export async function saveAppearance(formData: FormData): Promise<void> {
  const store = await cookies()
  store.set(COLOR_MODE_COOKIE, parseColorMode(formData.get('colorMode')), preferenceCookieOptions(COLOR_MODE_MAX_AGE_SECONDS, secureCookies()))
  await writeCosmetic('preferredDarkTheme', parseDarkTheme(formData.get('preferredDarkTheme')))
  for (const name of BOOLEAN_COSMETICS) {
    // hideStagingBanner has its own control (the banner); it is not on this form.
    if (name === 'hideStagingBanner') continue
    await writeCosmetic(name, formData.get(name) === 'on')
  }
  let modes = parseCosmetic('searchDisplayMode', store.get('searchDisplayMode')?.value)
  for (const key of DISPLAY_MODE_KEYS) {
    const mode = formData.get(`displayMode.${key}`)
    if (isDisplayMode(mode)) modes = withDisplayMode(modes, key, mode)
  }
  await writeCosmetic('searchDisplayMode', modes)
}

/**
 * Stores the language (spec §3 "Cookie locale (one year, strict same-site, secure)"), or clears it
 * for "Automatic" so the browser's languages decide again (spec §4). The page re-renders in the new
 * language, <html lang> included, because a server action that changes cookies refreshes the route.
 */
export async function saveLanguage(formData: FormData): Promise<void> {
  const setting = parseLanguageSetting(formData.get('language'))
  if (!setting) return
  const store = await cookies()
  if (setting === AUTOMATIC) {
    store.delete(LOCALE_COOKIE)
    return
  }
  store.set(LOCALE_COOKIE, setting, localeCookieOptions(LOCALE_COOKIE_MAX_AGE_SECONDS, secureCookies()))
}
