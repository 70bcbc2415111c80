import { getTranslations } from 'next-intl/server'

/**
 * The persistent notice on every revenue page while payouts run in test mode (no payout rail
 * configured: the test rail alone), as billing's on pages that charge.
 */
export async function PayoutTestModeNotice({ testMode }: { testMode: boolean }) {
  if (!testMode) return null
  const t = await getTranslations('Revenue.testMode')
  return (
    <aside className="billing-test-notice" aria-label={t('title')} data-testid="payout-test-mode">
      <p className="billing-test-notice__title">{t('title')}</p>
      <p className="billing-test-notice__text">{t('text')}</p>
    </aside>
  )
}
