import Link from 'next/link'
import type { ReactNode } from 'react'
import { getFormatter, getTranslations } from 'next-intl/server'

import type { ProfileProject } from '@/lib/data/profile-pages'
import { formatNumber } from '@/lib/format'
import { isListed, PROJECT_STATUSES, type ProjectStatus } from '@/lib/projectStatus'
import { projectPath } from '@/lib/search/displayType'
import { displayTypeOf } from '@/lib/profile/projects'
import { isProjectType } from '@/lib/projectTypes'
import type { DisplayMode } from '@/lib/search/displayMode'

import { ProfileIcon } from '@/components/site/icons'

const isProjectStatus = (s: string): s is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(s)

type Props = {
  projects: ProfileProject[]
  locale: string
  mode: DisplayMode
  emptyText: string
  /** Something to do with each project (a collection owner's "Remove"). */
  actionFor?: (project: ProfileProject) => ReactNode
}

/** The projects of a profile page: icon, title, type, summary, status (when not listed), counts. */
export async function ProjectList({ projects, locale, mode, emptyText, actionFor }: Props) {
  if (projects.length === 0) return <p className="empty-state profile-empty">{emptyText}</p>
  const [t, types, format] = await Promise.all([getTranslations('Profile'), getTranslations('ProjectTypes'), getFormatter()])
  const statusLabel = (status: string) => (isProjectStatus(status) ? t(`status.${status}`) : status)
  return (
    <ul className={`profile-projects profile-projects--${mode === 'list' ? 'list' : 'grid'}`} data-testid="profile-projects">
      {projects.map((p) => {
        const type = displayTypeOf(p)
        const typeLabel = isProjectType(type) ? types(`${type}.singular`) : type
        const hidden = !isListed(p.status)
        return (
          <li key={p.id} className="profile-project" data-status={p.status}>
            <div className="profile-project__icon" aria-hidden="true">
              {p.iconUrl ? <img src={p.iconUrl} alt="" width={64} height={64} loading="lazy" decoding="async" /> : <ProfileIcon name="box" size={28} />}
            </div>
            <div className="profile-project__body">
              <h3 className="profile-project__title">
                <Link href={projectPath(p.projectType, p.loaders, p.slug)} className="profile-project__link">
                  {p.title}
                </Link>
              </h3>
              <p className="profile-project__meta">
                <span>{typeLabel}</span>
                {hidden ? (
                  <span className={`status-pill status-pill--${p.status}`} title={t('statusLabel', { status: statusLabel(p.status) })}>
                    <ProfileIcon name="eyeOff" size={12} />
                    {statusLabel(p.status)}
                  </span>
                ) : null}
              </p>
              <p className="profile-project__summary">{p.summary}</p>
              <ul className="profile-project__stats">
                <li>
                  <ProfileIcon name="download" size={15} />
                  {t('downloads', { formatted: formatNumber(p.downloads, locale), count: p.downloads })}
                </li>
                <li>
                  <ProfileIcon name="heart" size={15} />
                  {t('followers', { formatted: formatNumber(p.followers, locale), count: p.followers })}
                </li>
                {p.updated ? (
                  <li className="profile-project__date">
                    <ProfileIcon name="clock" size={15} />
                    <time dateTime={p.updated}>{t('updated', { date: format.relativeTime(new Date(p.updated)) })}</time>
                  </li>
                ) : null}
              </ul>
            </div>
            {actionFor ? <div className="profile-project__action">{actionFor(p)}</div> : null}
          </li>
        )
      })}
    </ul>
  )
}
