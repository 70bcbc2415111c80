import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { FlagsForm } from '@/components/flags/FlagsForm'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Flags')
  return { title: t('title'), alternates: { canonical: '/flags' }, robots: { index: false } }
}

/** /flags (spec §2 "Other"): the feature flags of this browser, stored locally. */
export default async function FlagsPage() {
  const t = await getTranslations('Flags')
  return (
    <div className="container flags-page">
      <header className="settings-header">
        <h1 className="settings-header__title">{t('title')}</h1>
        <p className="settings-header__lead">{t('lead')}</p>
      </header>
      <FlagsForm />
    </div>
  )
}
