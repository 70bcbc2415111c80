import config from '@payload-config'
import { getTranslations } from 'next-intl/server'
import Link from 'next/link'
import { getPayload } from 'payload'

import { currentUser } from '@/lib/auth/guard'
import { renewalFailed } from '@/lib/data/billing'

/**
 * "Subscription payment failed" (spec §2 banners): on every page, for a signed-in user one of whose
 * renewals failed, until it is paid or the subscription cancelled. Nobody else sees it.
 */
export async function PaymentFailedBanner() {
  const user = await currentUser()
  if (!user) return null
  if (!(await renewalFailed(await getPayload({ config }), user.id))) return null
  const t = await getTranslations('Billing.banner')
  return (
    <section className="site-banner site-banner--error" aria-label={t('text')} data-testid="payment-failed-banner">
      <div className="container site-banner__inner">
        <p className="site-banner__text">{t('text')}</p>
        <Link href="/settings/billing" className="button button--secondary button--small">
          {t('action')}
        </Link>
      </div>
    </section>
  )
}
