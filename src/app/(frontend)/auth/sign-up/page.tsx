import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { ProviderButtons } from '@/components/auth/ProviderButtons'
import { SignUpForm } from '@/components/auth/SignUpForm'
import { currentUser } from '@/lib/auth/guard'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.signUp')
  return { title: t('metaTitle'), robots: { index: false } }
}

/** /auth/sign-up: a new account, signed in at once; the verification link goes to its email. */
export default async function SignUpPage() {
  const [t, user] = await Promise.all([getTranslations('Auth'), currentUser()])
  if (user) redirect('/')
  return (
    <AuthCard
      title={t('signUp.heading')}
      footer={
        <p>
          {t('signUp.haveAccount')} <Link href="/auth/sign-in">{t('signUp.signInLink')}</Link>
        </p>
      }
    >
      <ProviderButtons />
      <SignUpForm />
    </AuthCard>
  )
}
