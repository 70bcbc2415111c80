import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { Gallery } from '@/components/project/Gallery'
import { ProjectShell } from '@/components/project/ProjectShell'
import { projectMetadata, resolveProject, type ProjectRouteProps } from '@/components/project/route'
import { GalleryManager } from '@/components/project/gallery/GalleryManager'
import { galleryItems } from '@/components/project/gallery/items'
import { imageUrl } from '@/lib/data/page-project'
import { loadProjectSettings } from '@/lib/data/projectSettings'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  const t = await getTranslations('Project.gallery')
  return projectMetadata(await params, (d) => `${d.project.title} – ${t('heading')}`, '/gallery')
}

/** /{type}/{id}/gallery: the project's pictures with a lightbox. */
export default async function ProjectGalleryPage({ params, searchParams }: ProjectRouteProps) {
  const [p, sp] = await Promise.all([params, searchParams])
  const data = await resolveProject(p, sp, '/gallery')
  const [t, settings] = await Promise.all([getTranslations('Project.gallery'), loadProjectSettings(data.project.slug)])
  const items = galleryItems(data)
  return (
    <ProjectShell data={data} tab="gallery" searchParams={sp} currentPath={`${data.path}/gallery`}>
      <section className="project-section" aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="section-title">
          {t('heading')}
        </h2>
        {items.length ? <Gallery items={items} /> : <p className="empty-note">{t('empty')}</p>}
      </section>
      {settings?.can.details ? (
        <GalleryManager
          projectId={data.project.id}
          images={data.gallery.map((image) => ({ id: image.id, thumb: imageUrl(image, 'card') ?? '', title: image.title ?? '', description: image.description ?? '', featured: !!image.featured }))}
        />
      ) : null}
    </ProjectShell>
  )
}
