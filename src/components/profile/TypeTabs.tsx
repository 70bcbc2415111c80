import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { projectTypeSegment, SITE_PROJECT_TYPES, type ProjectType } from '@/lib/projectTypes'

type Props = {
  /** The page without a type: `/user/abc`. */
  basePath: string
  counts: Array<{ type: ProjectType; count: number }>
  active: ProjectType | null
  total: number
}

/** Links to the page's project-type sub-routes (`/user/{id}/mods`), shown when there is more than one type. */
export async function TypeTabs({ basePath, counts, active, total }: Props) {
  if (counts.length < 2 && !active) return null
  const [t, types] = await Promise.all([getTranslations('Profile'), getTranslations('ProjectTypes')])
  // The current type keeps its tab even when nothing of it is left.
  const all = active && !counts.some((c) => c.type === active) ? [...counts, { type: active, count: 0 }].sort((a, b) => SITE_PROJECT_TYPES.indexOf(a.type) - SITE_PROJECT_TYPES.indexOf(b.type)) : counts
  const tabs = [
    { key: 'all', href: basePath, label: t('all'), count: total, current: active === null },
    ...all.map(({ type, count }) => ({
      key: type,
      href: `${basePath}/${projectTypeSegment(type)}`,
      label: types(`${type}.plural`),
      count,
      current: active === type,
    })),
  ]
  return (
    // data-keep-scroll: switching the list below keeps the reader's place (see NavigationFeedback).
    <nav className="profile-tabs" aria-label={t('projectTypesLabel')} data-keep-scroll="">
      <ul className="profile-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link href={tab.href} className="profile-tab" aria-current={tab.current ? 'page' : undefined} scroll={false}>
              {tab.label}
              <span className="profile-tab__count">{tab.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
