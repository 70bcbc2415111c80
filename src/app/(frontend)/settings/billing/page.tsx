import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { BillingLinks } from '@/components/billing/BillingLinks'
import { PaymentMethodList } from '@/components/billing/PaymentMethodList'
import { SubscriptionList } from '@/components/billing/SubscriptionList'
import { TestModeNotice } from '@/components/billing/TestModeNotice'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { methodsOfUser, productPrices, subscriptionsOf, type PlanPrices } from '@/lib/data/billing'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Billing')
  return { title: t('title'), robots: { index: false } }
}

/** /settings/billing (auth): the user's subscriptions and cards. */
export default async function BillingPage() {
  const user = await requireUser()
  const [t, viewer] = await Promise.all([getTranslations('Billing'), currentViewer()])
  const [subscriptions, methods] = await Promise.all([subscriptionsOf(viewer, user.id), methodsOfUser(viewer, user.id)])
  const keys = [...new Set(subscriptions.map((s) => s.productKey).filter(Boolean))]
  const prices = new Map<string, PlanPrices[]>(await Promise.all(keys.map(async (key) => [key, (await productPrices(viewer.payload, key)).prices] as const)))
  return (
    <SettingsFrame active="billing" title={t('title')} lead={t('lead')}>
      <TestModeNotice />
      <section className="billing-section" aria-labelledby="billing-subscriptions">
        <h2 id="billing-subscriptions" className="billing-section__title">
          {t('subscriptions.heading')}
        </h2>
        <SubscriptionList subscriptions={subscriptions} methods={methods} prices={prices} />
      </section>
      <PaymentMethodList methods={methods} />
      <BillingLinks on="billing" />
    </SettingsFrame>
  )
}
