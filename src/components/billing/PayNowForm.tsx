'use client'

import { useActionState, useState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import { payFailedNow } from './actions'
import { AddCardForm } from './AddCardForm'
import { CardPicker, defaultCard } from './CardPicker'
import type { AddCardMode, AddCardText, CardOption, CardPickerText } from './types'

/** A failed renewal: pay it now with a saved card or one added right here. */
export function PayNowForm(props: { subscriptionId: string; cards: CardOption[]; addCard: AddCardMode; text: { payNow: string; addAnother: string }; cardText: AddCardText; pickerText: CardPickerText }) {
  const { subscriptionId, cards, addCard, text, cardText, pickerText } = props
  const [chosen, setChosen] = useState('')
  const [state, action, pending] = useActionState(payFailedNow, {})
  const method = defaultCard(cards, chosen)
  return (
    <div className="billing-pay-now">
      {cards.length ? <CardPicker cards={cards} value={method} onChange={setChosen} text={pickerText} /> : null}
      <details className="billing-details" open={cards.length === 0 || undefined}>
        <summary>{text.addAnother}</summary>
        <AddCardForm mode={addCard} text={cardText} />
      </details>
      <form action={action} className="billing-action">
        <input type="hidden" name="subscription" value={subscriptionId} />
        <input type="hidden" name="method" value={method} />
        <div>
          <button type="submit" className="button button--primary" disabled={!method || pending}>
            {text.payNow}
          </button>
        </div>
        <FormOutcome error={state.error} done={state.done} />
      </form>
    </div>
  )
}
