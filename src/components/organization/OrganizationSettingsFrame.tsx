import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { SECTION_PATH, type OrganizationSection } from './route'

const SECTIONS: OrganizationSection[] = ['general', 'members', 'projects', 'analytics']

/** An organization settings page: back to the organization, the sections, and the section itself. */
export async function OrganizationSettingsFrame({ name, path, active, children }: { name: string; path: string; active: OrganizationSection; children: ReactNode }) {
  const t = await getTranslations('Organizations')
  return (
    <div className="container settings-page project-settings">
      <nav className="settings-nav" aria-label={t('navLabel')}>
        <Link href={path} className="project-settings__back">
          ← {t('back', { name })}
        </Link>
        <ul className="settings-nav__list">
          {SECTIONS.map((key) => (
            <li key={key}>
              <Link href={`${path}/settings${SECTION_PATH[key]}`} className="settings-nav__link" aria-current={key === active ? 'page' : undefined}>
                {t(`sections.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-content">
        <h1 className="settings-header__title">{t(`sections.${active}`)}</h1>
        {children}
      </div>
    </div>
  )
}
