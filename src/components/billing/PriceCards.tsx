import type { Interval } from '@/lib/billing/intervals'

/** One interval's price, as the page shows it ("$4.99 a month", "Save 16%", "Demo price"). */
export type PriceItem = { interval: Interval; name: string; price: string; saving: string | null; demo: string | null }

type Choice = { legend: string; value: Interval; onChange: (interval: Interval) => void; name: string }

/**
 * The plan's prices, one card per interval. With `choice` each card is a radio (the /plus checkout);
 * without, a plain list. No hooks: rendered by the page and by the checkout alike.
 */
export function PriceCards({ items, choice }: { items: PriceItem[]; choice?: Choice }) {
  const body = (item: PriceItem, heading: boolean) => (
    <>
      {heading ? <h3 className="price-card__name">{item.name}</h3> : <span className="price-card__name">{item.name}</span>}
      <span className="price-card__price">{item.price}</span>
      {item.saving ? <span className="price-card__saving">{item.saving}</span> : null}
      {item.demo ? <span className="price-card__demo">{item.demo}</span> : null}
    </>
  )
  if (!choice) {
    return (
      <ul className="price-cards">
        {items.map((item) => (
          <li key={item.interval} className="price-card" data-testid={`price-${item.interval}`}>
            {body(item, true)}
          </li>
        ))}
      </ul>
    )
  }
  return (
    <fieldset className="billing-fieldset">
      <legend className="project-settings__label">{choice.legend}</legend>
      <ul className="price-cards">
        {items.map((item) => (
          <li key={item.interval} data-testid={`price-${item.interval}`}>
            <label className="price-card price-card--choice">
              <input type="radio" name={choice.name} value={item.interval} checked={choice.value === item.interval} onChange={() => choice.onChange(item.interval)} />
              {body(item, false)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
