'use client'

import { useId } from 'react'

import type { CardOption, CardPickerText } from './types'

/** Which saved card pays: one radio per card, the primary one marked. Controlled by its parent. */
export function CardPicker({ cards, value, onChange, text }: { cards: CardOption[]; value: string; onChange: (id: string) => void; text: CardPickerText }) {
  const name = useId()
  return (
    <fieldset className="billing-fieldset">
      <legend className="project-settings__label">{text.legend}</legend>
      <div className="billing-choices">
        {cards.map((card) => (
          <label key={card.id} className="billing-choice">
            <input type="radio" name={name} value={card.id} checked={value === card.id} onChange={() => onChange(card.id)} />
            <span className="billing-choice__label">{card.label}</span>
            <span className="billing-choice__detail">{card.detail}</span>
            {card.primary ? <span className="billing-badge">{text.primary}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** The card a picker starts on (and falls back to when the chosen one is gone): the primary one. */
export const defaultCard = (cards: CardOption[], chosen: string): string =>
  cards.find((c) => c.id === chosen)?.id ?? cards.find((c) => c.primary)?.id ?? cards[0]?.id ?? ''
