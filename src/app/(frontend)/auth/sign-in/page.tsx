import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { SignInForm } from '@/components/auth/SignInForm'
import { currentUser } from '@/lib/auth/guard'
import { afterSignInPath } from '@/lib/auth/signInPath'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.signIn')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<{ redirect?: string | string[] }> }

/** /auth/sign-in: email or username and password; `?redirect=` (a path on this site) is where it leads after. */
export default async function SignInPage({ searchParams }: Props) {
  const [t, params, user] = await Promise.all([getTranslations('Auth'), searchParams, currentUser()])
  const back = afterSignInPath(typeof params.redirect === 'string' ? params.redirect : undefined)
  if (user) redirect(back)
  return (
    <AuthCard
      title={t('signIn.heading')}
      footer={
        <>
          <Link href="/auth/reset-password">{t('signIn.forgot')}</Link>
          <p>
            {t('signIn.noAccount')} <Link href="/auth/sign-up">{t('signIn.createLink')}</Link>
          </p>
        </>
      }
    >
      <SignInForm redirect={back} />
    </AuthCard>
  )
}
