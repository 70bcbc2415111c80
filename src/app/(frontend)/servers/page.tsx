import type { Metadata } from 'next'
import Link from 'next/link'
import { getLocale, getTranslations } from 'next-intl/server'

import { addCardMode, addCardText, cardOptions, pickerText } from '@/components/billing/labels'
import { TestModeNotice } from '@/components/billing/TestModeNotice'
import { LandingHero } from '@/components/landing/LandingHero'
import { ServerCheckout, type CheckoutPlan } from '@/components/servers/ServerCheckout'
import { signInPathFor } from '@/lib/auth/signInPath'
import { formatMoney } from '@/lib/billing/currency'
import { methodsOfUser } from '@/lib/data/billing'
import { CUSTOM_RAM_GIB } from '@/lib/hosting/customPlan'
import { regionsForSale, serverPlans, type PlanView } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { gib } from '@/lib/plans'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ServersLanding')
  return { title: t('metaTitle'), description: t('lead'), alternates: { canonical: '/servers' } }
}

/**
 * /servers (spec §2 "Servers"): the plans (spec §9 figures, with the players each suits), the free
 * trial, the regions, and for a signed-in visitor the purchase steps (region → payment → review).
 * `?plan=` preselects a plan.
 */
export default async function ServersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [t, s, b, locale, viewer, params] = await Promise.all([getTranslations('ServersLanding'), getTranslations('Servers'), getTranslations('Billing'), getLocale(), currentViewer(), searchParams])
  const plans = await serverPlans(viewer.payload)
  const trial = plans.find((p) => p.kind === 'trial')
  const regions = await regionsForSale(viewer.payload, trial?.region)
  const price = (p: PlanView) =>
    p.kind === 'trial' ? t('trialPrice') : t('perMonth', { price: formatMoney(p.amounts.monthly ?? 0, p.currency, locale) })
  const specs = (p: PlanView) => [t('ram', { gib: gib(p.ramMiB) }), t('cpus', { count: p.cpus }), t('storage', { gib: gib(p.storageMiB) })].join(' · ')
  const advice = (p: PlanView) => t('players', { players: `${p.players.min}–${p.players.max}` })
  const checkoutPlans: CheckoutPlan[] = plans.map((p) => ({ key: p.key, name: p.kind === 'trial' ? t('trialName') : p.name, trial: p.kind === 'trial', specs: specs(p), advice: advice(p), price: price(p), region: p.region }))
  const user = viewer.user
  const methods = user ? await methodsOfUser(viewer, user.id) : []
  const asked = typeof params.plan === 'string' ? params.plan : ''
  const initialPlan = plans.find((p) => p.key === asked)?.key ?? plans.find((p) => p.kind === 'server')?.key ?? ''
  return (
    <div className="container landing-page">
      <LandingHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <TestModeNotice />
      <section className="landing-section" aria-labelledby="servers-plans">
        <h2 id="servers-plans" className="landing-section__title">
          {t('plansHeading')}
        </h2>
        {user ? (
          <ServerCheckout
            plans={checkoutPlans}
            custom={{
              ...CUSTOM_RAM_GIB,
              locale,
              text: { name: s('buy.custom.name'), ram: s('buy.custom.ram', { min: CUSTOM_RAM_GIB.min, max: CUSTOM_RAM_GIB.max }), price: t('perMonth', { price: '{price}' }), specs: s('buy.custom.specs'), advice: t('players', { players: '{players}' }) },
            }}
            regions={regions.map((r) => ({ key: r.key, name: r.name, full: r.freeSlots < 1, room: r.freeSlots < 1 ? s('buy.regionFull') : s('buy.regionRoom', { count: r.freeSlots }) }))}
            cards={cardOptions(methods, b)}
            addCard={addCardMode(b)}
            initialPlan={initialPlan}
            cardText={addCardText(b)}
            pickerText={pickerText(b)}
            text={{
              steps: { region: s('buy.steps.region'), payment: s('buy.steps.payment'), review: s('buy.steps.review') },
              planLegend: s('buy.planLegend'),
              regionLegend: s('buy.regionLegend'),
              trialRegion: s('buy.trialRegion'),
              notCharged: s('buy.notCharged'),
              addCardFirst: b('plus.addCardFirst'),
              addAnother: b('cards.addAnother'),
              next: s('buy.next'),
              back: s('buy.back'),
              review: { plan: s('buy.review.plan'), region: s('buy.review.region'), price: s('buy.review.price'), name: s('buy.review.name'), namePlaceholder: s('buy.review.namePlaceholder') },
              buy: s('buy.buy'),
              startTrial: s('buy.startTrial'),
            }}
          />
        ) : (
          <>
            <ul className="price-cards">
              {checkoutPlans.map((plan) => (
                <li key={plan.key} className="price-card" data-testid={`plan-${plan.key}`}>
                  <h3 className="price-card__name">{plan.name}</h3>
                  <p className="price-card__price">{plan.price}</p>
                  <ul className="price-card__specs">
                    <li>{plan.specs}</li>
                    <li>{plan.advice}</li>
                  </ul>
                </li>
              ))}
            </ul>
            <Link href={signInPathFor('/servers')} className="button button--primary">
              {t('signIn')}
            </Link>
          </>
        )}
      </section>
      <section className="landing-section" aria-labelledby="servers-regions">
        <h2 id="servers-regions" className="landing-section__title">
          {t('regionsHeading')}
        </h2>
        <ul className="landing-regions">
          {regions.map((r) => (
            <li key={r.key}>{r.name}</li>
          ))}
        </ul>
      </section>
      {user ? (
        <p>
          {/* A full load: the server pages have their own CSP (next.config.mjs). */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- deliberately a full load (above) */}
          <a href="/servers/manage">{s('manage.link')}</a>
        </p>
      ) : null}
      <section className="landing-section" aria-labelledby="servers-faq">
        <h2 id="servers-faq" className="landing-section__title">
          {t('faqHeading')}
        </h2>
        {(['files', 'plans', 'cancel'] as const).map((q) => (
          <details key={q} className="landing-faq">
            <summary>{t(`faq.${q}.q`)}</summary>
            <p>{t(`faq.${q}.a`)}</p>
          </details>
        ))}
      </section>
    </div>
  )
}
