import Link from 'next/link'

import { RECURRING, switchesNow } from '@/lib/billing/intervals'
import type { MethodView, PlanPrices, SubscriptionView } from '@/lib/data/billing'

import { ActionForm } from './ActionForm'
import { cancelSubscription, resubscribe } from './actions'
import { addCardMode, addCardText, billingText, cardOptions, pickerText, subscriptionState } from './labels'
import { billingFormat } from './money'
import { PayNowForm } from './PayNowForm'
import { SwitchIntervalForm, type SwitchOption } from './SwitchIntervalForm'

/**
 * /settings/billing's subscriptions (spec §4): status, interval, next charge, and what can be done
 * from there — cancel, resubscribe, change the interval, or pay a failed renewal now.
 */
export async function SubscriptionList({ subscriptions, methods, prices }: { subscriptions: SubscriptionView[]; methods: MethodView[]; prices: Map<string, PlanPrices[]> }) {
  const [t, f] = await Promise.all([billingText(), billingFormat()])
  const shown = subscriptions.flatMap((sub) => {
    const state = subscriptionState(sub)
    return state ? [{ sub, state }] : []
  })
  if (!shown.length) {
    return (
      <p className="project-settings__hint">
        {t('subscriptions.none')} <Link href="/plus">{t('subscriptions.getPlus')}</Link>
      </p>
    )
  }
  const cards = cardOptions(methods, t)
  return (
    <ul className="token-list" aria-label={t('subscriptions.listLabel')}>
      {shown.map(({ sub, state }) => {
        const next = sub.next
        const renewsAt = next?.interval ?? sub.interval
        const status = state === 'cancelled' ? t('subscriptions.status.cancelled', { date: sub.paidUntil ? f.date(sub.paidUntil) : '' }) : t(`subscriptions.status.${state}`)
        const amounts = prices.get(sub.productKey)?.find((p) => p.currency === sub.currency)?.amounts ?? {}
        const options: SwitchOption[] = sub.intervals
          .filter((i) => RECURRING.includes(i) && i !== renewsAt && amounts[i] != null)
          .map((i) => {
            const every = t(`every.${i}`, { price: f.money(amounts[i]!, sub.currency) })
            return { interval: i, label: every, detail: switchesNow(sub.interval, i) ? t('subscriptions.switch.now') : t('subscriptions.switch.later', { date: next ? f.date(next.due) : '' }) }
          })
        return (
          <li key={sub.id} className="settings-card billing-sub" data-testid="subscription">
            <div className="token-row__head">
              <p className="token-row__name">{sub.productName}</p>
              <p className={`billing-status billing-status--${state}`} aria-live="polite">
                {status}
              </p>
            </div>
            <p className="session-card__meta">
              <span>{t('subscriptions.billed', { interval: t(`intervals.${sub.interval}`) })}</span>
              {state === 'active' && next ? <span>{t('subscriptions.nextCharge', { amount: f.money(next.amount, sub.currency), date: f.date(next.due) })}</span> : null}
              {state === 'active' && next?.interval && next.interval !== sub.interval ? <span>{t('subscriptions.switchPending', { interval: t(`intervals.${next.interval}`) })}</span> : null}
            </p>
            {state === 'failed' && next ? (
              <>
                <p className="project-settings__error">
                  {t('subscriptions.failedText', { amount: f.money(next.amount, sub.currency), date: f.date(next.due), reason: next.failureMessage || t('errors.declined') })}
                </p>
                <PayNowForm
                  subscriptionId={sub.id}
                  cards={cards}
                  addCard={addCardMode(t)}
                  text={{ payNow: t('subscriptions.payNow'), addAnother: t('cards.addAnother') }}
                  cardText={addCardText(t)}
                  pickerText={pickerText(t)}
                />
              </>
            ) : null}
            {state === 'active' && options.length ? (
              <SwitchIntervalForm
                subscriptionId={sub.id}
                options={options}
                text={{ legend: t('subscriptions.switch.legend'), submit: t('subscriptions.switch.submit'), confirm: t('subscriptions.switch.confirm'), back: t('subscriptions.back') }}
              />
            ) : null}
            {state === 'cancelled' && next ? (
              <ActionForm
                key="resubscribe"
                action={resubscribe}
                fields={{ subscription: sub.id }}
                label={t('subscriptions.resubscribe')}
                variant="primary"
                confirm={{
                  lines: [t('subscriptions.notChargedYet'), t('subscriptions.resubscribeDetail', { date: f.date(next.due), amount: f.money(next.amount, sub.currency) })],
                  confirmLabel: t('subscriptions.resubscribeConfirm'),
                  backLabel: t('subscriptions.back'),
                }}
              />
            ) : null}
            {state === 'active' || state === 'failed' ? (
              <ActionForm
                key="cancel"
                action={cancelSubscription}
                fields={{ subscription: sub.id }}
                label={t('subscriptions.cancel')}
                variant="danger"
                confirm={{
                  lines: [state === 'failed' ? t('subscriptions.cancelFailedConfirm') : t('subscriptions.cancelConfirm', { date: next ? f.date(next.due) : '' })],
                  confirmLabel: t('subscriptions.cancelConfirmButton'),
                  backLabel: t('subscriptions.keep'),
                }}
              />
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
