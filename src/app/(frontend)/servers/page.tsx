import type { Metadata } from 'next'
import Link from 'next/link'
import { getLocale, getTranslations } from 'next-intl/server'

import { LandingHero } from '@/components/landing/LandingHero'
import { currentUser } from '@/lib/auth/guard'
import { signInPathFor } from '@/lib/auth/signInPath'
import { formatUsd, gib, SERVER_PLANS, SERVER_REGIONS } from '@/lib/plans'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ServersLanding')
  return { title: t('metaTitle'), description: t('lead'), alternates: { canonical: '/servers' } }
}

/** /servers (spec §2 "Other"): the hosting landing; buying a server comes with hosting. */
export default async function ServersPage() {
  const [t, locale, user] = await Promise.all([getTranslations('ServersLanding'), getLocale(), currentUser()])
  return (
    <div className="container landing-page">
      <LandingHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <section className="landing-section" aria-labelledby="servers-plans">
        <h2 id="servers-plans" className="landing-section__title">
          {t('plansHeading')}
        </h2>
        <ul className="price-cards">
          {SERVER_PLANS.map((plan) => (
            <li key={plan.key} className="price-card" data-testid={`plan-${plan.key}`}>
              <h3 className="price-card__name">{t(`plans.${plan.key}`)}</h3>
              <p className="price-card__price">{t('perMonth', { price: formatUsd(plan.priceUsd, locale) })}</p>
              <ul className="price-card__specs">
                <li>{t('ram', { gib: gib(plan.ramMiB) })}</li>
                <li>{t('cpus', { count: plan.cpus })}</li>
                <li>{t('storage', { gib: plan.storageGiB })}</li>
                <li>{t('players', { players: plan.players })}</li>
              </ul>
            </li>
          ))}
        </ul>
        {user ? (
          <p className="landing-note" role="note">
            {t('comingWithHosting')}
          </p>
        ) : (
          <Link href={signInPathFor('/servers')} className="button button--primary">
            {t('signIn')}
          </Link>
        )}
      </section>
      <section className="landing-section" aria-labelledby="servers-regions">
        <h2 id="servers-regions" className="landing-section__title">
          {t('regionsHeading')}
        </h2>
        <ul className="landing-regions">
          {SERVER_REGIONS.map((r) => (
            <li key={r}>{t(`regions.${r}`)}</li>
          ))}
        </ul>
      </section>
      <section className="landing-section" aria-labelledby="servers-faq">
        <h2 id="servers-faq" className="landing-section__title">
          {t('faqHeading')}
        </h2>
        {(['modpacks', 'backups', 'cancel'] as const).map((q) => (
          <details key={q} className="landing-faq">
            <summary>{t(`faq.${q}.q`)}</summary>
            <p>{t(`faq.${q}.a`)}</p>
          </details>
        ))}
      </section>
    </div>
  )
}
