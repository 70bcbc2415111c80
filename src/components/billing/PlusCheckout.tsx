'use client'

import { useActionState, useId, useState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'
import type { Interval } from '@/lib/billing/intervals'

import { subscribePlus } from './actions'
import { AddCardForm } from './AddCardForm'
import { CardPicker, defaultCard } from './CardPicker'
import { PriceCards, type PriceItem } from './PriceCards'
import type { AddCardMode, AddCardText, CardOption, CardPickerText } from './types'

export type CheckoutText = {
  intervalLegend: string
  heading: string
  addCardFirst: string
  addAnother: string
  subscribe: string
  /** The summary under the button, per interval ("You pay $4.99 now, then $4.99 a month …"). */
  summary: Partial<Record<Interval, string>>
}

/**
 * /plus for a signed-in user without Plus: pick the interval (the price cards are the choice), the
 * card (or add one right here), then Subscribe, which takes the first payment now.
 */
export function PlusCheckout(props: { currency: string; items: PriceItem[]; cards: CardOption[]; addCard: AddCardMode; text: CheckoutText; cardText: AddCardText; pickerText: CardPickerText }) {
  const { currency, items, cards, addCard, text, cardText, pickerText } = props
  const [interval, setChosenInterval] = useState<Interval>(items[0]?.interval ?? 'monthly')
  const [chosen, setChosen] = useState('')
  const [state, action, pending] = useActionState(subscribePlus, {})
  const name = useId()
  const method = defaultCard(cards, chosen)
  return (
    <div className="billing-checkout">
      <PriceCards items={items} choice={{ legend: text.intervalLegend, value: interval, onChange: setChosenInterval, name }} />
      <section className="settings-card billing-checkout__pay" aria-labelledby={`${name}-pay`}>
        <h3 id={`${name}-pay`} className="settings-card__title">
          {text.heading}
        </h3>
        {cards.length ? (
          <>
            <CardPicker cards={cards} value={method} onChange={setChosen} text={pickerText} />
            <details className="billing-details">
              <summary>{text.addAnother}</summary>
              <AddCardForm mode={addCard} text={cardText} />
            </details>
          </>
        ) : (
          <>
            <p className="project-settings__hint">{text.addCardFirst}</p>
            <AddCardForm mode={addCard} text={cardText} />
          </>
        )}
        <form action={action} className="billing-checkout__submit">
          <input type="hidden" name="interval" value={interval} />
          <input type="hidden" name="currency" value={currency} />
          <input type="hidden" name="method" value={method} />
          {cards.length ? <p className="billing-checkout__summary">{text.summary[interval]}</p> : null}
          <div>
            <button type="submit" className="button button--primary" disabled={!cards.length || pending}>
              {text.subscribe}
            </button>
          </div>
          <FormOutcome error={state.error} done={state.done} />
        </form>
      </section>
    </div>
  )
}
