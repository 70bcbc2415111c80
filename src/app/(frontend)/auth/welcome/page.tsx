import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { requireUser } from '@/lib/auth/guard'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.welcome')
  return { title: t('metaTitle'), robots: { index: false } }
}

/** /auth/welcome: after sign-up (signed-in only; a signed-out visitor signs in and comes back). */
export default async function WelcomePage() {
  const user = await requireUser()
  const t = await getTranslations('Auth.welcome')
  return (
    <AuthCard title={t('heading', { name: user.username ?? '' })}>
      <p className="auth-form__lead">{t('lead')}</p>
      <ul className="auth-links">
        <li>
          <Link href="/mods" className="button button--primary">
            {t('browse')}
          </Link>
        </li>
        <li>
          <Link href={`/user/${encodeURIComponent(user.username ?? user.id)}`}>{t('profile')}</Link>
        </li>
        <li>
          <Link href="/settings">{t('settings')}</Link>
        </li>
      </ul>
    </AuthCard>
  )
}
