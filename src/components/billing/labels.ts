import { getTranslations } from 'next-intl/server'

import type { MethodView, SubscriptionView } from '@/lib/data/billing'
import { env } from '@/lib/env'
import { billingTestMode } from '@/plugins/billing/providers'
import { TEST_CARDS } from '@/plugins/billing/providers/test'
import { methodLabel } from '@/plugins/billing/service/methods'

import type { AddCardMode, AddCardText, CardOption, CardPickerText } from './types'

/*
 * Server-side: what the billing pages hand their client components, translated here so the
 * browser needs no message catalogue for them.
 */

type T = Awaited<ReturnType<typeof getTranslations<'Billing'>>>

export const billingText = () => getTranslations('Billing')

export const cardOptions = (methods: MethodView[], t: T): CardOption[] =>
  methods.map((m) => ({ id: m.id, label: methodLabel(m), detail: t('cards.expires', { month: String(m.expMonth).padStart(2, '0'), year: m.expYear }), primary: m.primary }))

/** Test mode: the three test cards by name ("Visa •••• 4242 — always pays"); Stripe: its card form. */
export function addCardMode(t: T): AddCardMode {
  if (billingTestMode()) {
    return { kind: 'test', cards: Object.entries(TEST_CARDS).map(([token, card]) => ({ token, label: t('cards.testCard', { card: methodLabel(card), behaviour: t(`cards.behaviour.${card.kind}`) }) })) }
  }
  const publishableKey = env.stripePublishableKey()
  return publishableKey ? { kind: 'stripe', publishableKey } : { kind: 'unavailable' }
}

export const addCardText = (t: T): AddCardText => ({
  legend: t('cards.testCardsLegend'),
  add: t('cards.add'),
  stripeLabel: t('cards.stripeLabel'),
  stripeLoading: t('cards.stripeLoading'),
  stripeUnavailable: t('cards.stripeUnavailable'),
})

export const pickerText = (t: T): CardPickerText => ({ legend: t('cards.payWith'), primary: t('cards.primary') })

export type SubscriptionState = 'active' | 'cancelled' | 'failed' | 'ended'

/**
 * Where a subscription stands for its owner. `null`: it never started (its first payment failed) and
 * is not shown.
 */
export function subscriptionState(sub: SubscriptionView): SubscriptionState | null {
  if (sub.next?.status === 'failed') return 'failed'
  if (sub.status === 'provisioned') return sub.next?.status === 'cancelled' ? 'cancelled' : 'active'
  if (!sub.next && !sub.paidUntil) return null
  return 'ended'
}
