import Link from 'next/link'

import type { SubscriptionView } from '@/lib/data/billing'

import { billingText, type SubscriptionState } from './labels'
import { billingFormat } from './money'

/** /plus for a subscriber: where their subscription stands, and the way to manage it. */
export async function PlusStatus({ sub, state }: { sub: SubscriptionView; state: SubscriptionState }) {
  const [t, f] = await Promise.all([billingText(), billingFormat()])
  const status = state === 'cancelled' ? t('subscriptions.status.cancelled', { date: sub.paidUntil ? f.date(sub.paidUntil) : '' }) : t(`subscriptions.status.${state}`)
  return (
    <section className="settings-card account-card" aria-labelledby="plus-status" data-testid="plus-status">
      <h2 id="plus-status" className="settings-card__title">
        {t('plus.statusHeading')}
      </h2>
      <p className={`billing-status billing-status--${state}`}>{status}</p>
      <p className="session-card__meta">
        <span>{t('subscriptions.billed', { interval: t(`intervals.${sub.interval}`) })}</span>
        {state === 'active' && sub.next ? <span>{t('subscriptions.nextCharge', { amount: f.money(sub.next.amount, sub.currency), date: f.date(sub.next.due) })}</span> : null}
      </p>
      <div>
        <Link href="/settings/billing" className="button button--secondary">
          {t('plus.manage')}
        </Link>
      </div>
    </section>
  )
}
