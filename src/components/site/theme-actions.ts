'use server'

import { cookies } from 'next/headers'

import { preferenceCookieOptions } from '@/lib/cookies'
import { env } from '@/lib/env'
import { COLOR_MODE_COOKIE, COLOR_MODE_MAX_AGE_SECONDS, parseColorMode } from '@/lib/theme'

/**
 * Stores the colour mode when the theme switch is used without JavaScript (the form posts here).
 * With JavaScript the switch writes the cookie itself and never submits.
 */
export async function saveColorMode(formData: FormData): Promise<void> {
  const mode = parseColorMode(formData.get('mode'))
  const store = await cookies()
  store.set(COLOR_MODE_COOKIE, mode, preferenceCookieOptions(COLOR_MODE_MAX_AGE_SECONDS, env.secureCookies()))
}
