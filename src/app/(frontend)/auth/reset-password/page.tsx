import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { AuthCard } from '@/components/auth/AuthCard'
import { ResetPasswordForm, ResetRequestForm } from '@/components/auth/ResetForms'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.reset')
  // The token is in the URL: keep it out of referrers and indexes.
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' }
}

type Props = { searchParams: Promise<{ token?: string | string[] }> }

/** /auth/reset-password: ask for a link; with `?token=` from that link, choose a new password. */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const [t, params] = await Promise.all([getTranslations('Auth.reset'), searchParams])
  const token = typeof params.token === 'string' ? params.token.slice(0, 256) : ''
  return <AuthCard title={t(token ? 'newHeading' : 'heading')}>{token ? <ResetPasswordForm token={token} /> : <ResetRequestForm />}</AuthCard>
}
