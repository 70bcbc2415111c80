import Link from 'next/link'

import { billingText } from './labels'

/** The link between /settings/billing and its charges page. */
export async function BillingLinks({ on }: { on: 'billing' | 'charges' }) {
  const t = await billingText()
  return (
    <p className="billing-links">
      {on === 'billing' ? <Link href="/settings/billing/charges">{t('charges.viewAll')}</Link> : <Link href="/settings/billing">{t('charges.back')}</Link>}
    </p>
  )
}
