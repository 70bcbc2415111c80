import type { Currency } from '@/lib/billing/currency'

/**
 * The currency prices are shown in: a plain GET form (`?currency=`), so it works without script and
 * changing the select does not reload the page under a keyboard user's feet.
 */
export function CurrencyPicker({ currencies, value, locale, text }: { currencies: Currency[]; value: Currency; locale: string; text: { label: string; submit: string } }) {
  const names = new Intl.DisplayNames([locale], { type: 'currency' })
  return (
    <form method="get" action="/plus" className="billing-currency">
      <label htmlFor="plus-currency" className="project-settings__label">
        {text.label}
      </label>
      <select id="plus-currency" name="currency" defaultValue={value} className="project-settings__input billing-currency__select">
        {currencies.map((c) => (
          <option key={c} value={c}>
            {`${c} — ${names.of(c) ?? c}`}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {text.submit}
      </button>
    </form>
  )
}
