import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { ProviderButtons } from '@/components/auth/ProviderButtons'
import { SignUpForm } from '@/components/auth/SignUpForm'
import { currentUser } from '@/lib/auth/guard'
import { isLauncherParam, keepLauncher, LAUNCHER_FINISH_PATH } from '@/lib/auth/launcher'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.signUp')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<{ launcher?: string | string[] }> }

/**
 * /auth/sign-up: a new account, whose verification link goes to its email. The answer is the same
 * for a taken email (whose owner is mailed instead), so nobody is signed in here; the notice's "Sign
 * in" link keeps a launcher's flow (`?launcher=true`, src/lib/auth/launcher.ts).
 */
export default async function SignUpPage({ searchParams }: Props) {
  const [t, user, params] = await Promise.all([getTranslations('Auth'), currentUser(), searchParams])
  const launcher = isLauncherParam(params.launcher)
  if (user) redirect(launcher ? LAUNCHER_FINISH_PATH : '/')
  return (
    <AuthCard
      title={t('signUp.heading')}
      footer={
        <p>
          {t('signUp.haveAccount')} <Link href={keepLauncher('/auth/sign-in', launcher)}>{t('signUp.signInLink')}</Link>
        </p>
      }
    >
      {launcher && <p className="auth-form__lead">{t('launcher.notice')}</p>}
      <ProviderButtons redirect={launcher ? LAUNCHER_FINISH_PATH : undefined} />
      <SignUpForm launcher={launcher} />
    </AuthCard>
  )
}
