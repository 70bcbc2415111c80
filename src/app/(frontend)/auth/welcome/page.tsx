import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { requireUser } from '@/lib/auth/guard'
import { isLauncherParam, LAUNCHER_FINISH_PATH } from '@/lib/auth/launcher'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.welcome')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<{ launcher?: string | string[] }> }

/**
 * /auth/welcome: after sign-up (signed-in only; a signed-out visitor signs in and comes back). In a
 * launcher's sign-in the first choice is to go on to the app.
 */
export default async function WelcomePage({ searchParams }: Props) {
  const [user, params] = await Promise.all([requireUser(), searchParams])
  const [t, tl] = await Promise.all([getTranslations('Auth.welcome'), getTranslations('Auth.launcher')])
  const launcher = isLauncherParam(params.launcher)
  return (
    <AuthCard title={t('heading', { name: user.username ?? '' })}>
      <p className="auth-form__lead">{t('lead')}</p>
      <ul className="auth-links">
        {launcher && (
          <li>
            {/* A plain link: the route answers with a redirect to the app. */}
            <a href={LAUNCHER_FINISH_PATH} className="button button--primary">
              {tl('continue')}
            </a>
          </li>
        )}
        <li>
          <Link href="/mods" className={launcher ? 'button button--secondary' : 'button button--primary'}>
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
