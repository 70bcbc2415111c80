import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { DashboardIcon } from '@/components/site/icons'
import { SectionPage } from '@/components/site/SectionPage'
import { SideNav } from '@/components/site/SideNav'
import { requireUser } from '@/lib/auth/guard'
import { isModerator } from '@/lib/data/moderation'
import { currentViewer } from '@/lib/data/currentViewer'
import type { Viewer } from '@/lib/data/viewer'

/** Moderation's sections, listed as their pages land. */
const SECTIONS = [
  { key: 'projects', href: '/moderation', icon: 'box' },
  { key: 'reports', href: '/moderation/reports', icon: 'flag' },
  { key: 'technical', href: '/moderation/technical-review', icon: 'shield' },
] as const

/** For staff pages: visitors go to sign in; anyone signed in but not staff gets the 404 page, as if it did not exist. */
export async function requireModerator(): Promise<Viewer> {
  await requireUser()
  const viewer = await currentViewer()
  if (!isModerator(viewer)) notFound()
  return viewer
}

export async function ModerationFrame({ active, title, lead, children }: { active: (typeof SECTIONS)[number]['key']; title: string; lead?: string; children: ReactNode }) {
  const t = await getTranslations('Moderation')
  return (
    <SectionPage
      nav={<SideNav label={t('navLabel')} title={t('title')} active={active} items={SECTIONS.map(({ key, href, icon }) => ({ key, href, label: t(`sections.${key}`), icon: <DashboardIcon name={icon} size={18} /> }))} />}
      title={title}
      lead={lead}
    >
      {children}
    </SectionPage>
  )
}
