import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { ChannelBadge } from '@/components/project/ChannelBadge'
import { Markdown } from '@/components/project/Markdown'
import { ProjectShell } from '@/components/project/ProjectShell'
import { projectMetadata, resolveProject, type ProjectRouteProps } from '@/components/project/route'
import { loadProjectVersions } from '@/lib/data/page-project'
import { asChannel, versionPath } from '@/lib/project/versions'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  const t = await getTranslations('Project.changelog')
  return projectMetadata(await params, (d) => `${d.project.title} – ${t('heading')}`, '/changelog')
}

/** /{type}/{id}/changelog: every version's changelog, newest first. */
export default async function ProjectChangelogPage({ params, searchParams }: ProjectRouteProps) {
  const [p, sp] = await Promise.all([params, searchParams])
  const data = await resolveProject(p, sp, '/changelog')
  const [t, tc, format, versions] = await Promise.all([getTranslations('Project.changelog'), getTranslations('Project.channel'), getFormatter(), loadProjectVersions(data.project)])
  return (
    <ProjectShell data={data} tab="changelog" searchParams={sp} currentPath={`${data.path}/changelog`}>
      <section className="project-section" aria-labelledby="changelog-title">
        <h2 id="changelog-title" className="section-title">
          {t('heading')}
        </h2>
        {versions.length === 0 ? (
          <p className="empty-note">{t('empty')}</p>
        ) : (
          <ol className="changelog-list">
            {versions.map((v) => (
              <li key={v.id} className={`changelog-entry changelog-entry--${asChannel(v.versionType)}`}>
                <div className="changelog-entry__head">
                  <ChannelBadge channel={v.versionType} label={tc(asChannel(v.versionType))} />
                  <h3 className="changelog-entry__title">
                    <Link href={versionPath(data.path, v.urlKey)}>{v.name}</Link>
                  </h3>
                  <span className="changelog-entry__meta">
                    {v.versionNumber} ·{' '}
                    <time dateTime={v.datePublished}>{format.dateTime(new Date(v.datePublished), { dateStyle: 'medium' })}</time>
                  </span>
                </div>
                {v.changelog.trim() ? <Markdown source={v.changelog} className="changelog-entry__body" /> : <p className="empty-note">{t('noChangelog')}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </ProjectShell>
  )
}
