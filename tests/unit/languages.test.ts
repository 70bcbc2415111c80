import { describe, expect, it } from 'vitest'

import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, resolveLocale } from '../../src/i18n/config'
import { AUTOMATIC, filterLanguages, languageChoices, languageSettingFromCookie, parseLanguageSetting } from '../../src/i18n/languages'

describe('locale (spec §4, §9)', () => {
  it('uses a one-year cookie called locale and defaults to en-US', () => {
    expect(LOCALE_COOKIE).toBe('locale')
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS * 1000).toBe(31_536_000_000)
    expect(DEFAULT_LOCALE).toBe('en-US')
  })

  it('lets a supported hl override the cookie, else cookie, else browser, else en-US', () => {
    expect(resolveLocale({ hl: 'en', cookie: 'xx' })).toBe('en-US')
    expect(resolveLocale({ hl: 'xx', cookie: 'en-US', acceptLanguage: 'de' })).toBe('en-US')
    expect(resolveLocale({ hl: 'xx', acceptLanguage: 'de, en-GB;q=0.5' })).toBe('en-US')
    expect(resolveLocale({ hl: 'xx', acceptLanguage: 'de, fr' })).toBe('en-US')
  })
})

describe('language settings list', () => {
  it('names every language in the page language and its own', () => {
    expect(languageChoices('en-US')).toEqual([{ locale: 'en-US', name: 'English (United States)', nativeName: 'English (United States)' }])
  })

  it('filters by name, native name or tag, ignoring case and accents', () => {
    const choices = [
      { locale: 'en-US', name: 'English (United States)', nativeName: 'English (United States)' },
      { locale: 'fr-FR', name: 'French (France)', nativeName: 'français (France)' },
    ] as unknown as ReturnType<typeof languageChoices>
    expect(filterLanguages(choices, 'FRANCAIS').map((c) => c.locale)).toEqual(['fr-FR'])
    expect(filterLanguages(choices, 'en-us').map((c) => c.locale)).toEqual(['en-US'])
    expect(filterLanguages(choices, '  ')).toHaveLength(2)
    expect(filterLanguages(choices, 'klingon')).toEqual([])
  })

  it('accepts automatic or an exact supported tag only', () => {
    expect(parseLanguageSetting('auto')).toBe(AUTOMATIC)
    expect(parseLanguageSetting('en-US')).toBe('en-US')
    expect(parseLanguageSetting('en-us')).toBe('en-US')
    for (const bad of ['en', 'en-GB', 'xx', '', null, 3]) expect(parseLanguageSetting(bad)).toBeUndefined()
  })

  it('shows automatic unless the cookie holds a supported language', () => {
    expect(languageSettingFromCookie(undefined)).toBe(AUTOMATIC)
    expect(languageSettingFromCookie('xx')).toBe(AUTOMATIC)
    expect(languageSettingFromCookie('en-US')).toBe('en-US')
  })
})
