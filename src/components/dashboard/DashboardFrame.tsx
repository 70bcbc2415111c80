import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { SectionPage } from '@/components/site/SectionPage'
import { SideNav } from '@/components/site/SideNav'

import { DashboardIcon, type DashboardIconName } from '@/components/site/icons'

/**
 * The dashboard's sections (spec §2 Dashboard). Listed as each page lands — an entry without a page
 * would be a 404. Every dashboard page needs a signed-in user (the pages send anyone else to sign in).
 */
const SECTIONS = [
  { key: 'overview', href: '/dashboard', icon: 'home' },
  { key: 'notifications', href: '/dashboard/notifications', icon: 'bell' },
  { key: 'projects', href: '/dashboard/projects', icon: 'box' },
  { key: 'analytics', href: '/dashboard/analytics', icon: 'chart' },
  { key: 'revenue', href: '/dashboard/revenue', icon: 'coins' },
  { key: 'organizations', href: '/dashboard/organizations', icon: 'building' },
  { key: 'collections', href: '/dashboard/collections', icon: 'library' },
  { key: 'reports', href: '/dashboard/reports', icon: 'flag' },
] as const satisfies readonly { key: string; href: string; icon: DashboardIconName }[]

export type DashboardSection = (typeof SECTIONS)[number]['key']

/** A dashboard page: the section list beside the page's heading, lead and content (settings' layout). */
export async function DashboardFrame({ active, title, lead, actions, children }: { active: DashboardSection; title: string; lead?: string; actions?: ReactNode; children: ReactNode }) {
  const t = await getTranslations('Dashboard')
  return (
    <SectionPage
      nav={<SideNav label={t('navLabel')} title={t('title')} active={active} items={SECTIONS.map(({ key, href, icon }) => ({ key, href, label: t(`sections.${key}`), icon: <DashboardIcon name={icon} size={18} /> }))} />}
      title={title}
      lead={lead}
      actions={actions}
    >
      {children}
    </SectionPage>
  )
}
