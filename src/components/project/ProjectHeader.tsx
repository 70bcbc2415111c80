import { getLocale, getTranslations } from 'next-intl/server'

import { CollectionMenu } from '@/components/collections/CollectionMenu'
import { ReportButton } from '@/components/reports/ReportButton'
import { getTagLabeler } from '@/components/search/labels'
import { CopyIdButton } from '@/components/shell/CopyIdButton'
import { Icon, type IconName } from '@/components/site/icons'
import { formatNumber, sortCategories } from '@/lib/format'
import type { ProjectPageData } from '@/lib/data/page-project'
import { tagIconClass } from '@/lib/search/tagIcons'

import { FollowButton } from './FollowButton'

/** Icon, title, summary, counts, categories, and the download, follow and add-to-collection buttons. */
export async function ProjectHeader({ data, currentPath, signedIn }: { data: ProjectPageData; currentPath: string; signedIn: boolean }) {
  const [t, locale, tagLabel] = await Promise.all([getTranslations('Project'), getLocale(), getTagLabeler()])
  const { project } = data
  const downloads = project.downloads ?? 0
  const followers = project.followers ?? 0
  const categories = sortCategories(data.categories)
  const status = project.status ?? 'approved'
  return (
    <header className="project-header">
      <div className="project-header__icon">
        {data.iconUrl ? (
          <img src={data.iconUrl} alt={t('iconAlt', { title: project.title })} width={96} height={96} decoding="async" />
        ) : (
          <Icon name={data.displayType as IconName} size={48} aria-hidden="true" />
        )}
      </div>
      <div className="project-header__body">
        <div className="project-header__title-row">
          <h1 className="project-header__title">{project.title}</h1>
          {status !== 'approved' ? <span className={`status-badge status-badge--${status}`}>{t(`status.${status}` as never)}</span> : null}
        </div>
        <p className="project-header__summary">{project.summary}</p>
        <div className="project-header__meta">
          <ul className="project-header__stats" aria-label={t('statsLabel')}>
            <li>
              <Icon name="download" size={18} />
              {t('downloads', { formatted: formatNumber(downloads, locale), count: downloads })}
            </li>
            <li>
              <Icon name="heart" size={18} />
              {t('followers', { formatted: formatNumber(followers, locale), count: followers })}
            </li>
          </ul>
          {categories.length ? (
            <ul className="project-header__categories" aria-label={t('categoriesLabel')}>
              {categories.map((c) => (
                <li key={c.name} className="tag-chip">
                  <span className={`tag-icon ${tagIconClass('category', c.name)}`} aria-hidden="true" />
                  {tagLabel(c.name)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="project-header__actions">
        <a href="#download" className="button button--primary project-download-button" data-download-open="">
          <Icon name="download" size={18} />
          {t('download')}
        </a>
        <FollowButton projectId={project.id} back={currentPath} signedIn={signedIn} following={data.following} />
        <CollectionMenu projectId={project.id} back={currentPath} />
        <CopyIdButton id={project.id} kind="project" />
        <ReportButton type="project" id={project.id} name={project.title} />
      </div>
    </header>
  )
}
