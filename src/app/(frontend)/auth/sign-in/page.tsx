import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { ProviderButtons } from '@/components/auth/ProviderButtons'
import { SignInForm } from '@/components/auth/SignInForm'
import { currentUser } from '@/lib/auth/guard'
import { isLauncherParam, keepLauncher, LAUNCHER_FINISH_PATH } from '@/lib/auth/launcher'
import { afterSignInPath } from '@/lib/auth/signInPath'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.signIn')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<{ redirect?: string | string[]; error?: string | string[]; provider?: string | string[]; launcher?: string | string[] }> }

/**
 * /auth/sign-in: the configured external providers, then email or username and password; `?redirect=`
 * (a path on this site) is where it leads after; `?error=` is what a provider sign-in came back with;
 * `?launcher=true` signs in a launcher (src/lib/auth/launcher.ts) — kept on the links to the other auth pages.
 */
export default async function SignInPage({ searchParams }: Props) {
  const [t, params, user] = await Promise.all([getTranslations('Auth'), searchParams, currentUser()])
  const launcher = isLauncherParam(params.launcher)
  const back = launcher ? LAUNCHER_FINISH_PATH : afterSignInPath(typeof params.redirect === 'string' ? params.redirect : undefined)
  if (user) redirect(back)
  return (
    <AuthCard
      title={t('signIn.heading')}
      footer={
        <>
          <Link href={keepLauncher('/auth/reset-password', launcher)}>{t('signIn.forgot')}</Link>
          <p>
            {t('signIn.noAccount')} <Link href={keepLauncher('/auth/sign-up', launcher)}>{t('signIn.createLink')}</Link>
          </p>
        </>
      }
    >
      {launcher && <p className="auth-form__lead">{t('launcher.notice')}</p>}
      <ProviderButtons redirect={back} error={typeof params.error === 'string' ? params.error : undefined} errorProvider={typeof params.provider === 'string' ? params.provider : undefined} />
      <SignInForm redirect={back} />
    </AuthCard>
  )
}
