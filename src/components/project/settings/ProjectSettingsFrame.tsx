import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import type { ProjectSettingsData } from '@/lib/data/projectSettings'
import type { SettingsPage } from '@/lib/projectSettings/forms'
import { LoadedVersionProvider } from './LoadedVersion'

const NAV: { key: SettingsPage; sub: string }[] = [
  { key: 'general', sub: '' },
  { key: 'description', sub: '/description' },
  { key: 'license', sub: '/license' },
  { key: 'links', sub: '/links' },
  { key: 'tags', sub: '/tags' },
  { key: 'members', sub: '/members' },
  { key: 'analytics', sub: '/analytics' },
]

/** A project settings page: back to the project, the sections, and the section's form. */
export async function ProjectSettingsFrame({ settings, active, children }: { settings: ProjectSettingsData; active: SettingsPage; children: ReactNode }) {
  const t = await getTranslations('ProjectSettings')
  const { data } = settings
  return (
    <div className="container settings-page project-settings">
      <nav className="settings-nav" aria-label={t('navLabel')}>
        <Link href={data.path} className="project-settings__back">
          ← {t('back', { title: data.project.title })}
        </Link>
        <ul className="settings-nav__list">
          {NAV.map(({ key, sub }) => (
            <li key={key}>
              <Link href={`${data.path}/settings${sub}`} className="settings-nav__link" aria-current={key === active ? 'page' : undefined}>
                {t(`sections.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-content">
        <h1 className="settings-header__title">{active === 'version' ? t('newVersion') : active === 'editVersion' ? t('editVersion') : t(`sections.${active}`)}</h1>
        <LoadedVersionProvider value={data.project.updatedAt}>{children}</LoadedVersionProvider>
      </div>
    </div>
  )
}
