import type { Metadata } from 'next'
import { cookies } from 'next/headers'
import { getTranslations } from 'next-intl/server'

import { AppearanceForm } from '@/components/settings/AppearanceForm'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { parseCosmetics } from '@/lib/cosmetics'
import { COLOR_MODE_COOKIE, parseColorMode } from '@/lib/theme'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Settings.appearance')
  return { title: t('metaTitle'), alternates: { canonical: '/settings' }, robots: { index: false } }
}

/** /settings: Appearance (spec §2 "Settings sections"). Cookies only, so no sign-in is needed. */
export default async function AppearanceSettingsPage() {
  const [t, store] = await Promise.all([getTranslations('Settings.appearance'), cookies()])
  return (
    <SettingsFrame active="appearance" title={t('heading')} lead={t('lead')}>
      <AppearanceForm colorMode={parseColorMode(store.get(COLOR_MODE_COOKIE)?.value)} cosmetics={parseCosmetics((name) => store.get(name)?.value)} />
    </SettingsFrame>
  )
}
