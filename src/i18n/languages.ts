/**
 * The language list of /settings/language. Pure: names come from the runtime's Intl data.
 */
import { LOCALES, matchLocale, type AppLocale } from './config'

/** The choice that clears the cookie, so the language follows the browser again (spec §4). */
export const AUTOMATIC = 'auto'
export type LanguageSetting = AppLocale | typeof AUTOMATIC

export type LanguageChoice = {
  locale: AppLocale
  /** In the language the page is shown in. */
  name: string
  /** In the language itself, so a reader can find their own. */
  nativeName: string
}

/** A search field helps once the list no longer fits at a glance. */
export const LANGUAGE_SEARCH_THRESHOLD = 6

function languageName(locale: string, inLocale: string): string {
  try {
    return new Intl.DisplayNames([inLocale], { type: 'language', languageDisplay: 'standard' }).of(locale) ?? locale
  } catch {
    return locale
  }
}

/** Every supported language, named in the page's language and in its own. */
export function languageChoices(displayLocale: string, locales: readonly AppLocale[] = LOCALES): LanguageChoice[] {
  return locales.map((locale) => ({ locale, name: languageName(locale, displayLocale), nativeName: languageName(locale, locale) }))
}

/** The choices whose names or tag contain the query (case- and accent-insensitive). */
export function filterLanguages(choices: readonly LanguageChoice[], query: string): LanguageChoice[] {
  const q = fold(query.trim())
  if (!q) return [...choices]
  return choices.filter((c) => [c.name, c.nativeName, c.locale].some((text) => fold(text).includes(q)))
}

/** A posted choice: `auto`, a supported locale, or undefined for anything else. */
export function parseLanguageSetting(value: unknown): LanguageSetting | undefined {
  if (value === AUTOMATIC) return AUTOMATIC
  if (typeof value !== 'string') return undefined
  const locale = matchLocale(value)
  // Only exact tags are stored, so the cookie never holds a guess.
  return locale && locale.toLowerCase() === value.trim().toLowerCase() ? locale : undefined
}

/** The current setting from the cookie: a supported locale, else automatic. */
export function languageSettingFromCookie(cookie: string | null | undefined): LanguageSetting {
  return matchLocale(cookie) ?? AUTOMATIC
}

const fold = (text: string): string => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
