import type { MethodView } from '@/lib/data/billing'

import { ActionForm } from './ActionForm'
import { removeCard, setPrimaryCard } from './actions'
import { AddCardForm } from './AddCardForm'
import { addCardMode, addCardText, billingText, cardOptions } from './labels'

/**
 * The user's cards (spec §3 "Payment method": brand, last four, expiry, primary), each can be made
 * primary or removed, and a new one added. The service refuses to remove the last card of a
 * subscription that still renews; its message shows beside the button.
 */
export async function PaymentMethodList({ methods }: { methods: MethodView[] }) {
  const t = await billingText()
  const cards = cardOptions(methods, t)
  return (
    <section className="settings-card account-card" aria-labelledby="billing-cards">
      <h2 id="billing-cards" className="settings-card__title">
        {t('cards.heading')}
      </h2>
      {cards.length ? (
        <ul className="billing-cards" aria-label={t('cards.listLabel')}>
          {cards.map((card) => (
            <li key={card.id} className="billing-card" data-testid="payment-method">
              <div className="billing-card__main">
                <p className="token-row__name">
                  {card.label}
                  {card.primary ? <span className="billing-badge">{t('cards.primary')}</span> : null}
                </p>
                <p className="session-card__meta">{card.detail}</p>
              </div>
              <div className="billing-card__actions">
                {card.primary ? null : (
                  <ActionForm action={setPrimaryCard} fields={{ method: card.id }} label={t('cards.makePrimary')} ariaLabel={t('cards.makePrimaryLabel', { card: card.label })} />
                )}
                <ActionForm
                  action={removeCard}
                  fields={{ method: card.id }}
                  label={t('cards.remove')}
                  ariaLabel={t('cards.removeLabel', { card: card.label })}
                  variant="danger"
                  confirm={{ lines: [t('cards.removeConfirm', { card: card.label })], confirmLabel: t('cards.removeConfirmButton'), backLabel: t('cards.keep') }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="project-settings__hint">{t('cards.none')}</p>
      )}
      <h3 className="project-settings__subheading">{t('cards.addHeading')}</h3>
      <AddCardForm mode={addCardMode(t)} text={addCardText(t)} />
    </section>
  )
}
