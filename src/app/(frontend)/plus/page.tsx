import type { Metadata } from 'next'
import Link from 'next/link'
import { getLocale, getTranslations } from 'next-intl/server'

import { FeatureGrid, LandingHero } from '@/components/landing/LandingHero'
import { currentUser } from '@/lib/auth/guard'
import { signInPathFor } from '@/lib/auth/signInPath'
import { formatUsd, PLUS_PRICES_USD, savingPercent, type PlusInterval } from '@/lib/plans'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Plus')
  return { title: t('metaTitle'), description: t('lead'), alternates: { canonical: '/plus' } }
}

const INTERVALS: PlusInterval[] = ['monthly', 'quarterly', 'yearly']

/** /plus (spec §2 "Other"): the premium plan's landing; buying it comes with billing. */
export default async function PlusPage() {
  const [t, locale, user] = await Promise.all([getTranslations('Plus'), getLocale(), currentUser()])
  return (
    <div className="container landing-page">
      <LandingHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <section className="landing-section" aria-labelledby="plus-prices">
        <h2 id="plus-prices" className="landing-section__title">
          {t('pricesHeading')}
        </h2>
        <ul className="price-cards">
          {INTERVALS.map((interval) => {
            const saving = savingPercent(interval)
            return (
              <li key={interval} className="price-card" data-testid={`price-${interval}`}>
                <h3 className="price-card__name">{t(`intervals.${interval}.name`)}</h3>
                <p className="price-card__price">{t(`intervals.${interval}.price`, { price: formatUsd(PLUS_PRICES_USD[interval], locale) })}</p>
                {saving > 0 ? <p className="price-card__saving">{t('save', { percent: saving })}</p> : null}
              </li>
            )
          })}
        </ul>
        {user ? (
          <p className="landing-note" role="note">
            {t('comingWithBilling')}
          </p>
        ) : (
          <Link href={signInPathFor('/plus')} className="button button--primary">
            {t('signInToSubscribe')}
          </Link>
        )}
      </section>
      <FeatureGrid heading={t('benefitsHeading')} items={(['noAds', 'badge', 'support', 'early'] as const).map((k) => ({ title: t(`benefits.${k}.title`), body: t(`benefits.${k}.body`) }))} />
    </div>
  )
}
