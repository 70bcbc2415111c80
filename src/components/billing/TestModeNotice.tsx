import { getTranslations } from 'next-intl/server'

import { billingTestMode } from '@/plugins/billing/providers'

/**
 * The persistent notice on every page that handles money while billing runs in test mode (no Stripe
 * key set): nothing real is charged, and the card form offers test cards.
 */
export async function TestModeNotice() {
  if (!billingTestMode()) return null
  const t = await getTranslations('Billing.testMode')
  return (
    <aside className="billing-test-notice" aria-label={t('title')} data-testid="billing-test-mode">
      <p className="billing-test-notice__title">{t('title')}</p>
      <p className="billing-test-notice__text">{t('text')}</p>
    </aside>
  )
}
