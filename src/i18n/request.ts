import { cookies, headers } from 'next/headers'
import { getRequestConfig } from 'next-intl/server'

import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_HINT_HEADER, resolveLocale, type AppLocale } from './config'

type Messages = typeof import('../../messages/en-US.json')

/** Message catalogues; every locale falls back to en-US for keys it lacks (spec §4). */
const catalogues: Record<AppLocale, () => Promise<{ default: Messages }>> = {
  'en-US': () => import('../../messages/en-US.json'),
}

export default getRequestConfig(async ({ locale: explicit }) => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()])
  const locale = resolveLocale({
    hl: explicit ?? headerList.get(LOCALE_HINT_HEADER),
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get('accept-language'),
  })
  const [messages, fallback] = await Promise.all([load(locale), load(DEFAULT_LOCALE)])
  return {
    locale,
    messages: locale === DEFAULT_LOCALE ? messages : (withFallback(fallback, messages) as Messages),
    timeZone: 'UTC',
  }
})

async function load(locale: AppLocale): Promise<Messages> {
  return (await catalogues[locale]()).default
}

/** Deep-merges a catalogue over the default one so missing keys show in en-US. */
function withFallback(base: unknown, over: unknown): unknown {
  if (!isRecord(base) || !isRecord(over)) return over ?? base
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(over)) out[key] = withFallback(base[key], value)
  return out
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
