import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { SettingsIcon, type SettingsIconName } from './icons'

/**
 * The settings sections that need no account (spec §2 "Settings sections"): appearance and language
 * are cookies. The sections that need sign-in are added here when their pages exist.
 */
const SECTIONS = [
  { key: 'appearance', href: '/settings', icon: 'palette' },
  { key: 'language', href: '/settings/language', icon: 'language' },
] as const satisfies readonly { key: string; href: string; icon: SettingsIconName }[]

export type SettingsSection = (typeof SECTIONS)[number]['key']

/** A settings page: the section list beside the section's own content. */
export async function SettingsFrame({ active, children }: { active: SettingsSection; children: ReactNode }) {
  const t = await getTranslations('Settings')
  return (
    <div className="container settings-page">
      {/* Not a heading: the page's own h1 comes first in the outline. */}
      <nav className="settings-nav" aria-label={t('navLabel')}>
        <p className="settings-nav__title" aria-hidden="true">
          {t('title')}
        </p>
        <ul className="settings-nav__list">
          {SECTIONS.map(({ key, href, icon }) => (
            <li key={key}>
              <Link href={href} className="settings-nav__link" aria-current={key === active ? 'page' : undefined}>
                <SettingsIcon name={icon} size={18} />
                {t(`sections.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-content">{children}</div>
    </div>
  )
}
