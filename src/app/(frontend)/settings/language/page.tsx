import type { Metadata } from 'next'
import { cookies, headers } from 'next/headers'
import { getLocale, getTranslations } from 'next-intl/server'

import { LanguageForm } from '@/components/settings/LanguageForm'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { LOCALE_COOKIE, resolveLocale } from '@/i18n/config'
import { languageChoices, languageSettingFromCookie } from '@/i18n/languages'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Settings.language')
  return { title: t('metaTitle'), alternates: { canonical: '/settings/language' }, robots: { index: false } }
}

/** /settings/language (spec §2, §4 "Locale"). A cookie, so no sign-in is needed. */
export default async function LanguageSettingsPage() {
  const [t, locale, store, headerList] = await Promise.all([getTranslations('Settings.language'), getLocale(), cookies(), headers()])
  const choices = languageChoices(locale)
  // What "Automatic" means here: the browser's languages alone, without the cookie or ?hl=.
  const automatic = resolveLocale({ acceptLanguage: headerList.get('accept-language') })
  const automaticName = choices.find((c) => c.locale === automatic)?.name ?? automatic
  return (
    <SettingsFrame active="language" title={t('heading')} lead={t('lead')}>
      <LanguageForm choices={choices} current={languageSettingFromCookie(store.get(LOCALE_COOKIE)?.value)} automaticName={automaticName} />
    </SettingsFrame>
  )
}
