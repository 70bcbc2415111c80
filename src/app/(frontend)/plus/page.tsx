import type { Metadata } from 'next'
import Link from 'next/link'
import { getLocale, getTranslations } from 'next-intl/server'

import { CurrencyPicker } from '@/components/billing/CurrencyPicker'
import { addCardMode, addCardText, cardOptions, pickerText, subscriptionState } from '@/components/billing/labels'
import { PlusCheckout } from '@/components/billing/PlusCheckout'
import { PlusStatus } from '@/components/billing/PlusStatus'
import { PriceCards, type PriceItem } from '@/components/billing/PriceCards'
import { TestModeNotice } from '@/components/billing/TestModeNotice'
import { FeatureGrid, LandingHero } from '@/components/landing/LandingHero'
import { signInPathFor } from '@/lib/auth/signInPath'
import { currencyForLocale, formatMoney, isCurrency } from '@/lib/billing/currency'
import { RECURRING } from '@/lib/billing/intervals'
import { methodsOfUser, productPrices, subscriptionsOf, type PlanPrices } from '@/lib/data/billing'
import { currentViewer } from '@/lib/data/currentViewer'
import { PLUS_MONTHS, type PlusInterval } from '@/lib/plans'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Plus')
  return { title: t('metaTitle'), description: t('lead'), alternates: { canonical: '/plus' } }
}

/** What an interval saves against paying monthly for as long, in whole percent (floored). */
function savingPercent(amounts: PlanPrices['amounts'], interval: PlusInterval): number {
  const monthly = amounts.monthly
  const amount = amounts[interval]
  if (!monthly || amount == null) return 0
  const total = monthly * PLUS_MONTHS[interval]
  return Math.max(0, Math.floor(((total - amount) * 100) / total))
}

/**
 * /plus (spec §2 "Other"): Plus's prices in the visitor's currency (`?currency=` overrides the
 * locale's), and for a signed-in user the purchase — or, once subscribed, its status.
 */
export default async function PlusPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [t, b, locale, viewer, params] = await Promise.all([getTranslations('Plus'), getTranslations('Billing'), getLocale(), currentViewer(), searchParams])
  const { prices } = await productPrices(viewer.payload, 'plus')
  const currencies = prices.map((p) => p.currency)
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : null
  const wanted = [asked, currencyForLocale(locale), 'USD'].find((c) => isCurrency(c) && currencies.includes(c))
  const plan = prices.find((p) => p.currency === wanted) ?? prices[0]
  const items: PriceItem[] = plan
    ? RECURRING.filter((i): i is PlusInterval => i !== 'fiveDays' && plan.amounts[i] != null).map((interval) => {
        const saving = savingPercent(plan.amounts, interval)
        return {
          interval,
          name: t(`intervals.${interval}.name`),
          price: t(`intervals.${interval}.price`, { price: formatMoney(plan.amounts[interval]!, plan.currency, locale) }),
          saving: saving > 0 ? t('save', { percent: saving }) : null,
          demo: plan.demo ? b('plus.demoPrice') : null,
        }
      })
    : []

  const user = viewer.user
  const subscriptions = user ? await subscriptionsOf(viewer, user.id) : []
  const current = subscriptions.map((sub) => ({ sub, state: subscriptionState(sub) })).find(({ sub, state }) => sub.productKind === 'plus' && state && state !== 'ended')
  const methods = user && !current ? await methodsOfUser(viewer, user.id) : []

  return (
    <div className="container landing-page">
      <LandingHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <TestModeNotice />
      <section className="landing-section" aria-labelledby="plus-prices">
        <h2 id="plus-prices" className="landing-section__title">
          {t('pricesHeading')}
        </h2>
        {plan ? <CurrencyPicker currencies={currencies} value={plan.currency} locale={locale} text={{ label: b('plus.currency'), submit: b('plus.showPrices') }} /> : null}
        {plan?.demo ? <p className="landing-note">{b('plus.demoPriceNote')}</p> : null}
        {plan && user && !current ? (
          <PlusCheckout
            currency={plan.currency}
            items={items}
            cards={cardOptions(methods, b)}
            addCard={addCardMode(b)}
            text={{
              intervalLegend: b('plus.intervalLegend'),
              heading: b('plus.subscribeHeading'),
              addCardFirst: b('plus.addCardFirst'),
              addAnother: b('cards.addAnother'),
              subscribe: b('plus.subscribe'),
              summary: Object.fromEntries(
                items.map((i) => [i.interval, b('plus.summary', { price: formatMoney(plan.amounts[i.interval]!, plan.currency, locale), every: b(`every.${i.interval}`, { price: formatMoney(plan.amounts[i.interval]!, plan.currency, locale) }) })]),
              ),
            }}
            cardText={addCardText(b)}
            pickerText={pickerText(b)}
          />
        ) : (
          <PriceCards items={items} />
        )}
        {current?.state ? <PlusStatus sub={current.sub} state={current.state} /> : null}
        {user ? null : (
          <Link href={signInPathFor('/plus')} className="button button--primary">
            {t('signInToSubscribe')}
          </Link>
        )}
      </section>
      <FeatureGrid heading={t('benefitsHeading')} items={(['noAds', 'badge', 'support', 'early'] as const).map((k) => ({ title: t(`benefits.${k}.title`), body: t(`benefits.${k}.body`) }))} />
    </div>
  )
}
