import { getLocale, getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import type { ProfileProject } from '@/lib/data/profile-pages'
import { filterByType, projectTypeCounts } from '@/lib/profile/projects'
import type { ProjectType } from '@/lib/projectTypes'
import { isListed } from '@/lib/projectStatus'
import type { DisplayMode } from '@/lib/search/displayMode'

import { CopyId } from './CopyId'
import { ProjectList } from './ProjectList'
import { TypeTabs } from './TypeTabs'

/** The sidebar's details card of a user, organization or collection page: its id, to copy. */
export async function DetailsCard({ headingId, id, idLabel }: { headingId: string; id: string; idLabel: string }) {
  const t = await getTranslations('Profile')
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {t('detailsHeading')}
      </h2>
      <CopyId id={id} label={idLabel} copyLabel={t('copyId')} copiedLabel={t('copied')} failedLabel={t('copyFailed')} />
    </section>
  )
}

type ProjectsProps = {
  headingId: string
  projects: ProfileProject[]
  /** The type tab shown, or null for all. */
  type: ProjectType | null
  basePath: string
  mode: DisplayMode
  /** The viewer may see unlisted projects here: say so when some are shown. */
  seesHidden?: boolean
  /** Something to do with each project (a collection owner's "Remove"). */
  actionFor?: (project: ProfileProject) => ReactNode
}

/** The main column of a profile page: heading, type tabs and the (filtered) project list. */
export async function ProfileProjects({ headingId, projects, type, basePath, mode, seesHidden = false, actionFor }: ProjectsProps) {
  const [t, types, locale] = await Promise.all([getTranslations('Profile'), getTranslations('ProjectTypes'), getLocale()])
  return (
    <section className="profile-main" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-main__title">
        {type ? types(`${type}.plural`) : t('projectsHeading')}
      </h2>
      {seesHidden && projects.some((p) => !isListed(p.status)) ? <p className="profile-notice">{t('hiddenNotice')}</p> : null}
      <TypeTabs basePath={basePath} counts={projectTypeCounts(projects)} active={type} total={projects.length} />
      <ProjectList
        projects={filterByType(projects, type)}
        locale={locale}
        mode={mode}
        actionFor={actionFor}
        emptyText={type ? t('noProjectsOfType', { type: types(`${type}.plural`).toLowerCase() }) : t('noProjects')}
      />
    </section>
  )
}
