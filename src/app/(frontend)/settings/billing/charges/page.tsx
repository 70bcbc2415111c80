import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { BillingLinks } from '@/components/billing/BillingLinks'
import { ChargeTable } from '@/components/billing/ChargeTable'
import { TestModeNotice } from '@/components/billing/TestModeNotice'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { chargesOfUser, subscriptionsOf } from '@/lib/data/billing'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Billing.charges')
  return { title: t('title'), robots: { index: false } }
}

/** /settings/billing/charges (auth): every charge and refund of the user. */
export default async function ChargesPage() {
  const user = await requireUser()
  const [t, viewer] = await Promise.all([getTranslations('Billing.charges'), currentViewer()])
  const [all, subscriptions] = await Promise.all([chargesOfUser(viewer, user.id), subscriptionsOf(viewer, user.id)])
  // chargesOfUser reads the charges at depth 1: their subscription, not its product; the subscriptions know it.
  const products = new Map(subscriptions.map((s) => [s.id, s.productName]))
  const charges = all.map((c) => ({ ...c, productName: c.productName ?? (c.subscription ? (products.get(c.subscription) ?? null) : null) }))
  return (
    <SettingsFrame active="billing" title={t('title')} lead={t('lead')}>
      <TestModeNotice />
      <BillingLinks on="charges" />
      <ChargeTable charges={charges} />
    </SettingsFrame>
  )
}
