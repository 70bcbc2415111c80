import { getFormatter, getLocale } from 'next-intl/server'

import { formatMoney, type Currency } from '@/lib/billing/currency'

/** Money and dates as the billing pages show them: floored to 2 decimals, in the visitor's locale. */
export async function billingFormat() {
  const [locale, format] = await Promise.all([getLocale(), getFormatter()])
  return {
    locale,
    money: (minor: number, currency: Currency) => formatMoney(minor, currency, locale),
    date: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' }),
  }
}
export type BillingFormat = Awaited<ReturnType<typeof billingFormat>>
