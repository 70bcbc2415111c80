import config from '@payload-config'
import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { getPayload } from 'payload'

import { AuthCard } from '@/components/auth/AuthCard'
import { ResendVerification } from '@/components/auth/ResendVerification'
import { currentUser } from '@/lib/auth/guard'
import { verifyEmailToken, type VerifyOutcome } from '@/lib/auth/verification'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Auth.verify')
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' }
}

type Props = { searchParams: Promise<{ token?: string | string[] }> }

const TEXT: Record<VerifyOutcome, { title: 'verifiedTitle' | 'alreadyTitle' | 'failedTitle'; body: 'verified' | 'already' | 'failed' }> = {
  verified: { title: 'verifiedTitle', body: 'verified' },
  alreadyVerified: { title: 'alreadyTitle', body: 'already' },
  failed: { title: 'failedTitle', body: 'failed' },
}

/**
 * /auth/verify-email?token=: spec §4 "Email verification ends verified, already verified or failed".
 * Following the link is the action (mail clients open it with GET); the token is single-purpose and
 * marks nothing but the address as verified.
 */
export default async function VerifyEmailPage({ searchParams }: Props) {
  const [t, params, payload] = await Promise.all([getTranslations('Auth.verify'), searchParams, getPayload({ config })])
  const outcome = await verifyEmailToken(payload, params.token)
  const user = outcome === 'failed' ? await currentUser() : null
  const text = TEXT[outcome]
  return (
    <AuthCard title={t(text.title)}>
      <p className="auth-form__lead" data-outcome={outcome}>
        {t(text.body)}
      </p>
      {outcome === 'failed' ? user ? <ResendVerification /> : <p>{t('signInToResend')}</p> : null}
      <p>
        <Link href="/">{t('home')}</Link>
      </p>
    </AuthCard>
  )
}
