import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { DeleteAccountForm, EmailForm, PasswordForm } from '@/components/settings/account/AccountForms'
import { TwoFactorCard } from '@/components/settings/account/TwoFactorCard'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'
import { backupCodesLeft, twoFactorEnabled } from '@/lib/auth/twoFactor'
import config from '@payload-config'
import { getPayload } from 'payload'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AccountSettings')
  return { title: t('account.title'), robots: { index: false } }
}

/** /settings/account (spec §2 Settings "Account and security"): email, password, two-factor, delete account. */
export default async function AccountSettingsPage() {
  const user = await requireUser()
  const payload = await getPayload({ config })
  const [t, enabled, backupLeft] = await Promise.all([getTranslations('AccountSettings'), twoFactorEnabled(payload, user.id), backupCodesLeft(payload, user.id)])
  return (
    <SettingsFrame active="account">
      <header className="settings-header">
        <h1 className="settings-header__title">{t('account.title')}</h1>
        <p className="settings-header__lead">{t('account.lead')}</p>
      </header>
      <EmailForm email={user.email ?? ''} verified={!!user.emailVerified} />
      <PasswordForm />
      <TwoFactorCard enabled={enabled} backupCodesLeft={backupLeft} />
      <DeleteAccountForm username={user.username ?? ''} />
    </SettingsFrame>
  )
}
