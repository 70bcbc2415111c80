import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { Frog } from '@/components/landing/Frog'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Frog')
  return { title: t('title'), robots: { index: false } }
}

/** /frog (spec §2 "Other"): the easter egg. */
export default async function FrogPage() {
  const t = await getTranslations('Frog')
  return (
    <div className="container landing-page frog-page">
      <h1 className="landing-hero__title">{t('title')}</h1>
      <p className="landing-hero__lead">{t('lead')}</p>
      <Frog label={t('pet')} counted={t.raw('counted') as string} />
    </div>
  )
}
