import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { DeleteAccountForm, EmailForm, PasswordForm } from '@/components/settings/account/AccountForms'
import { SettingsFrame } from '@/components/settings/SettingsFrame'
import { requireUser } from '@/lib/auth/guard'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AccountSettings')
  return { title: t('account.title'), robots: { index: false } }
}

/** /settings/account (spec §2 Settings "Account and security"): email, password, delete account. */
export default async function AccountSettingsPage() {
  const user = await requireUser()
  const t = await getTranslations('AccountSettings')
  return (
    <SettingsFrame active="account">
      <header className="settings-header">
        <h1 className="settings-header__title">{t('account.title')}</h1>
        <p className="settings-header__lead">{t('account.lead')}</p>
      </header>
      <EmailForm email={user.email ?? ''} verified={!!user.emailVerified} />
      <PasswordForm />
      <DeleteAccountForm username={user.username ?? ''} />
    </SettingsFrame>
  )
}
