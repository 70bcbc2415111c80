import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { DeleteAccountForm, EmailForm, PasswordForm } from '@/components/settings/account/AccountForms'
import { EmailNotificationsForm } from '@/components/settings/account/EmailNotificationsForm'
import { LinkedAccounts } from '@/components/settings/account/LinkedAccounts'
import { TwoFactorCard } from '@/components/settings/account/TwoFactorCard'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { emailPreferencesOf } from '@/lib/notifications/preferences'
import { linkedProviders } from '@/lib/auth/providers/accounts'
import { backupCodesLeft, twoFactorEnabled } from '@/lib/auth/twoFactor'
import config from '@payload-config'
import { getPayload } from 'payload'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AccountSettings')
  return { title: t('account.title'), robots: { index: false } }
}

/** /settings/account (spec §2 Settings "Account and security"): email, email notifications, password, two-factor, linked providers, delete account. */
export default async function AccountSettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser()
  const payload = await getPayload({ config })
  const [t, enabled, backupLeft, linked, params, emailPrefs] = await Promise.all([getTranslations('AccountSettings'), twoFactorEnabled(payload, user.id), backupCodesLeft(payload, user.id), linkedProviders(payload, user.id), searchParams, currentViewer().then(emailPreferencesOf)])
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined)
  return (
    <SettingsFrame active="account" title={t('account.title')} lead={t('account.lead')}>
      <EmailForm email={user.email ?? ''} verified={!!user.emailVerified} />
      <EmailNotificationsForm preferences={emailPrefs} verified={!!user.emailVerified} />
      <PasswordForm />
      <TwoFactorCard enabled={enabled} backupCodesLeft={backupLeft} />
      <LinkedAccounts linked={linked} outcome={one(params.provider)} unlinked={one(params.unlinked)} />
      <DeleteAccountForm username={user.username ?? ''} />
    </SettingsFrame>
  )
}
