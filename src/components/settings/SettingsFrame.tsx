import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { SideNav } from '@/components/site/SideNav'
import { currentUser } from '@/lib/auth/guard'

import { SettingsIcon, type SettingsIconName } from '@/components/site/icons'

/**
 * The settings sections (spec §2 "Settings sections"), in the spec's order. Appearance and language
 * are cookies and need no account; the others are listed only to a signed-in user (their pages
 * send anyone else to sign in).
 */
const SECTIONS = [
  // Listed as each page lands (an entry here with no page is a 404 for a signed-in user).
  { key: 'profile', href: '/settings/profile', icon: 'user', auth: true },
  { key: 'account', href: '/settings/account', icon: 'shield', auth: true },
  { key: 'billing', href: '/settings/billing', icon: 'card', auth: true },
  { key: 'appearance', href: '/settings', icon: 'palette', auth: false },
  { key: 'language', href: '/settings/language', icon: 'language', auth: false },
  { key: 'pats', href: '/settings/pats', icon: 'key', auth: true },
  { key: 'sessions', href: '/settings/sessions', icon: 'monitor', auth: true },
  { key: 'authorizations', href: '/settings/authorizations', icon: 'link', auth: true },
  { key: 'applications', href: '/settings/applications', icon: 'apps', auth: true },
] as const satisfies readonly { key: string; href: string; icon: SettingsIconName; auth: boolean }[]

export type SettingsSection = (typeof SECTIONS)[number]['key']

/** A settings page: the section list beside the section's heading, lead and own content. */
export async function SettingsFrame({ active, title, lead, children }: { active: SettingsSection; title: string; lead: string; children: ReactNode }) {
  const [t, user] = await Promise.all([getTranslations('Settings'), currentUser()])
  const sections = SECTIONS.filter((s) => !s.auth || user)
  return (
    <div className="container settings-page">
      <SideNav
        label={t('navLabel')}
        title={t('title')}
        active={active}
        items={sections.map(({ key, href, icon }) => ({ key, href, label: t(`sections.${key}`), icon: <SettingsIcon name={icon} size={18} /> }))}
      />
      <div className="settings-content">
        <header className="settings-header">
          <h1 className="settings-header__title">{title}</h1>
          <p className="settings-header__lead">{lead}</p>
        </header>
        {children}
      </div>
    </div>
  )
}
