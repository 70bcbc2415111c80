import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { keepLauncher } from '@/lib/auth/launcher'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.launcher')
  // The app's code is in this page's address: it must not travel on as a referrer.
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' }
}

type Props = { searchParams: Promise<{ code?: string | string[] }> }

/**
 * /auth/launcher: where a launcher's sign-in lands when no LAUNCHER_REDIRECT_URL is set. The app
 * watching its window reads `?code=` from the address; the person is told to go back to it.
 */
export default async function LauncherDonePage({ searchParams }: Props) {
  const [t, { code }] = await Promise.all([getTranslations('Auth.launcher'), searchParams])
  const signedIn = typeof code === 'string' && code.length > 0
  return (
    <AuthCard title={t(signedIn ? 'doneHeading' : 'startHeading')}>
      <p className="auth-form__lead">{t(signedIn ? 'doneLead' : 'startLead')}</p>
      {!signedIn && (
        <Link href={keepLauncher('/auth/sign-in', true)} className="button button--primary">
          {t('signIn')}
        </Link>
      )}
    </AuthCard>
  )
}
