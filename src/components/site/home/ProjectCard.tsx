import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { isProjectType } from '@/lib/projectTypes'

import { formatCount } from '../formatCount'
import { Icon, type IconName } from '../icons'
import { projectHref } from '../links'
import type { HomeProject } from '@/lib/data/home'

/** One project in a listing: icon, title, type, summary, downloads and followers. */
export async function ProjectCard({ project, locale }: { project: HomeProject; locale: string }) {
  const [t, types] = await Promise.all([getTranslations('Home'), getTranslations('ProjectTypes')])
  const type = isProjectType(project.projectType) ? project.projectType : 'mod'
  return (
    <article className="project-card">
      <div className="project-card__icon" aria-hidden="true">
        {project.iconUrl ? (
          // Decorative (the title next to it names the project); a plain <img>: Payload already resized it.
          <img src={project.iconUrl} alt="" width={64} height={64} loading="lazy" decoding="async" />
        ) : (
          <Icon name={type as IconName} size={30} />
        )}
      </div>
      <div className="project-card__body">
        <h3 className="project-card__title">
          <Link href={projectHref(project.projectType, project.slug)} className="project-card__link">
            {project.title}
          </Link>
        </h3>
        <p className="project-card__type">
          <Icon name={type as IconName} size={14} />
          {types(`${type}.singular`)}
        </p>
        <p className="project-card__summary">{project.summary}</p>
        <ul className="project-card__stats">
          <li>
            <Icon name="download" size={16} />
            {t('downloads', { formatted: formatCount(project.downloads, locale), count: project.downloads })}
          </li>
          <li>
            <Icon name="heart" size={16} />
            {t('followers', { formatted: formatCount(project.followers, locale), count: project.followers })}
          </li>
        </ul>
      </div>
    </article>
  )
}
