import config from '@payload-config'
import { headers } from 'next/headers'
import { getTranslations } from 'next-intl/server'
import Link from 'next/link'
import { getPayload } from 'payload'

import { ResendVerification } from '@/components/auth/ResendVerification'
import { currentUser } from '@/lib/auth/guard'
import { PATHNAME_HEADER } from '@/lib/errors'

/**
 * "Verify your email" (spec §2 banners) for a signed-in user whose address is not verified yet, and
 * "add an email" for one who has none.
 * Not on the verify page itself: it renders alongside the page that is verifying the address.
 */
export async function VerifyEmailBanner() {
  const h = await headers()
  if (h.get(PATHNAME_HEADER)?.startsWith('/auth/verify-email')) return null
  const payload = await getPayload({ config })
  const user = await currentUser()
  if (!user) return null
  // Read as the system: the session's copy of the user may be older than the verification.
  const stored = await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: true, select: { email: true, emailVerified: true }, disableErrors: true })
  if (!stored || stored.emailVerified) return null
  const t = await getTranslations('Auth.banner')
  if (!stored.email) {
    // "Add an email" (spec §2 banners): an account without an address cannot recover its password.
    return (
      <section className="site-banner site-banner--warning" aria-label={t('addEmail')} data-testid="add-email-banner">
        <div className="container site-banner__inner">
          <p className="site-banner__text">{t('addEmail')}</p>
          <Link href="/settings/account" className="button button--secondary button--small">
            {t('addEmailAction')}
          </Link>
        </div>
      </section>
    )
  }
  return (
    <section className="site-banner site-banner--warning" aria-label={t('verifyEmail')} data-testid="verify-email-banner">
      <div className="container site-banner__inner">
        <p className="site-banner__text">{t('verifyEmail')}</p>
        <ResendVerification sentText={t('resent')} />
      </div>
    </section>
  )
}
