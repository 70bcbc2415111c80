'use client'

import { useActionState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import { addCard } from './actions'
import { StripeCardForm } from './StripeCardForm'
import type { AddCardMode, AddCardText } from './types'

/**
 * Adds a card. Test mode offers its three test cards by name (no network needed); with Stripe,
 * Stripe's own card form collects the number (it never reaches this site).
 */
export function AddCardForm({ mode, text }: { mode: AddCardMode; text: AddCardText }) {
  if (mode.kind === 'stripe') return <StripeCardForm publishableKey={mode.publishableKey} text={text} />
  if (mode.kind === 'unavailable') return <p className="project-settings__error">{text.stripeUnavailable}</p>
  return <TestCardForm cards={mode.cards} text={text} />
}

function TestCardForm({ cards, text }: { cards: { token: string; label: string }[]; text: AddCardText }) {
  const [state, action, pending] = useActionState(addCard, {})
  return (
    <form action={action} className="billing-add-card">
      <fieldset className="billing-fieldset">
        <legend className="project-settings__label">{text.legend}</legend>
        <div className="billing-choices">
          {cards.map((card, i) => (
            <label key={card.token} className="billing-choice">
              <input type="radio" name="token" value={card.token} defaultChecked={i === 0} />
              <span className="billing-choice__label">{card.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className="button button--secondary" disabled={pending}>
          {text.add}
        </button>
      </div>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
