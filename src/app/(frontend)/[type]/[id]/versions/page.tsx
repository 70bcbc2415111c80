import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ProjectShell } from '@/components/project/ProjectShell'
import { allParams, firstParam, projectMetadata, resolveProject, type ProjectRouteProps } from '@/components/project/route'
import { VersionFilters } from '@/components/project/VersionFilters'
import { VersionList } from '@/components/project/VersionList'
import { getTagLabeler } from '@/components/search/labels'
import { loadGameVersionTags, loadProjectVersions } from '@/lib/data/page-project'
import { CHANNELS, downloadOptions, filterVersions } from '@/lib/project/versions'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  const t = await getTranslations('Project.versions')
  return projectMetadata(await params, (d) => `${d.project.title} – ${t('heading')}`, '/versions')
}

/** /{type}/{id}/versions: every version, filtered by channel (c), loader (l) and game version (g). */
export default async function ProjectVersionsPage({ params, searchParams }: ProjectRouteProps) {
  const [p, sp] = await Promise.all([params, searchParams])
  const data = await resolveProject(p, sp, '/versions')
  const [t, tagLabel, versions, gameVersionTags] = await Promise.all([getTranslations('Project.versions'), getTagLabeler(), loadProjectVersions(data.project), loadGameVersionTags()])
  const channels = allParams(sp, 'c').filter((c) => (CHANNELS as readonly string[]).includes(c))
  const loader = firstParam(sp, 'l') || null
  const gameVersion = firstParam(sp, 'g') || null
  const shown = filterVersions(versions, { channels, loader, gameVersion })
  const options = downloadOptions(versions, new Map(gameVersionTags.map((g, i) => [g.version, i])))
  const path = `${data.path}/versions`
  return (
    <ProjectShell data={data} tab="versions" searchParams={sp} currentPath={path}>
      <section className="project-section" aria-labelledby="versions-title">
        <h2 id="versions-title" className="section-title">
          {t('heading')}
        </h2>
        {versions.length === 0 ? (
          <p className="empty-note">{t('empty')}</p>
        ) : (
          <>
            <VersionFilters
              action={path}
              channels={channels}
              loader={loader}
              gameVersion={gameVersion}
              loaders={options.loaders.map((l) => ({ value: l, label: tagLabel(l) }))}
              gameVersions={options.gameVersions}
            />
            <p className="versions-count" aria-live="polite">
              {t('count', { shown: shown.length, total: versions.length })}
            </p>
            {shown.length ? <VersionList data={data} versions={shown} gameVersionTags={gameVersionTags} /> : <p className="empty-note">{t('noMatch')}</p>}
          </>
        )}
      </section>
    </ProjectShell>
  )
}
