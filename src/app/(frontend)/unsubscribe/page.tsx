import config from '@payload-config'
import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { getPayload } from 'payload'

import { AuthCard } from '@/components/auth/AuthCard'
import { unsubscribe } from '@/lib/notifications/preferences'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Unsubscribe')
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' }
}

type Props = { searchParams: Promise<{ token?: string | string[] }> }

/**
 * /unsubscribe?token=: the link at the foot of every notification email (issue 34). Following it is
 * the action, like the verification link: the signed token turns off that one kind for that one
 * user, no sign-in needed, and this page says which.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const [t, tKinds, params, payload] = await Promise.all([getTranslations('Unsubscribe'), getTranslations('AccountSettings.emailNotifications.kinds'), searchParams, getPayload({ config })])
  const done = await unsubscribe(payload, params.token)
  return (
    <AuthCard title={t(done ? 'doneTitle' : 'failedTitle')}>
      <p className="auth-form__lead" data-outcome={done ? 'unsubscribed' : 'failed'}>
        {done ? t('done', { kind: tKinds(`${done.kind}.label`) }) : t('failed')}
      </p>
      <p>
        <Link href="/settings/account#email-notifications">{t('manage')}</Link>
      </p>
    </AuthCard>
  )
}
