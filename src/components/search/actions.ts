'use server'

import { cookies } from 'next/headers'

import {
  DISPLAY_MODE_MAX_AGE_SECONDS,
  isDisplayMode,
  parseDisplayModes,
  SEARCH_DISPLAY_MODE_COOKIE,
  withDisplayMode,
} from '@/lib/search/displayMode'
import { preferenceCookieOptions } from '@/lib/cookies'
import { env } from '@/lib/env'

/**
 * Stores a view mode when the switch is used without JavaScript (its form posts here); with
 * JavaScript the switch writes the same cookie itself and never submits.
 */
export async function saveDisplayMode(formData: FormData): Promise<void> {
  const mode = formData.get('mode')
  const type = String(formData.get('type') ?? '')
  if (!isDisplayMode(mode)) return
  const store = await cookies()
  const modes = withDisplayMode(parseDisplayModes(store.get(SEARCH_DISPLAY_MODE_COOKIE)?.value), type, mode)
  // Next encodes the value (encodeURIComponent), which is the format the browser side writes too.
  store.set(SEARCH_DISPLAY_MODE_COOKIE, JSON.stringify(modes), preferenceCookieOptions(DISPLAY_MODE_MAX_AGE_SECONDS, env.secureCookies()))
}
