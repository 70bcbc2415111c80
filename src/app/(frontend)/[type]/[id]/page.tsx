import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { DescriptionGallery } from '@/components/project/gallery/DescriptionGallery'
import { galleryItems } from '@/components/project/gallery/items'
import { Markdown } from '@/components/project/Markdown'
import { ProjectShell } from '@/components/project/ProjectShell'
import { projectMetadata, resolveProject, type ProjectRouteProps } from '@/components/project/route'

// Reads the database on every request, as the visitor.
export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return projectMetadata(await params)
}

/** /{type}/{id}: the project's description (spec §2, overview tab). */
export default async function ProjectOverviewPage({ params, searchParams }: ProjectRouteProps) {
  const [p, sp] = await Promise.all([params, searchParams])
  const data = await resolveProject(p, sp)
  const t = await getTranslations('Project')
  const body = data.project.body?.trim() ?? ''
  return (
    <ProjectShell data={data} tab="overview" searchParams={sp} currentPath={data.path}>
      <section className="project-section" aria-labelledby="project-description-title">
        <h2 id="project-description-title" className="visually-hidden">
          {t('tabs.overview')}
        </h2>
        {body ? (
          <DescriptionGallery items={galleryItems(data)}>
            <Markdown source={body} className="project-body" />
          </DescriptionGallery>
        ) : (
          <p className="empty-note">{t('noDescription')}</p>
        )}
      </section>
    </ProjectShell>
  )
}
