import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings } from '@/components/project/settings/route'
import type { ProjectRouteProps } from '@/components/project/route'
import { NewVersionForm } from '@/components/project/versionForm/NewVersionForm'
import { getTagLabeler } from '@/components/search/labels'
import { loadGameVersionTags } from '@/lib/data/page-project'
import { loadVersionLoaders } from '@/lib/data/projectSettings'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('VersionForm')
  return { title: t('title'), robots: { index: false } }
}

/** /{type}/{id}/version/new: publish a version (members who may upload versions). */
export default async function NewVersionPage({ params, searchParams }: ProjectRouteProps) {
  const settings = await resolveSettings(await params, await searchParams, 'version')
  if (!settings.can.upload) notFound()
  const { project } = settings.data
  const [gameVersions, loaders, label] = await Promise.all([loadGameVersionTags(), loadVersionLoaders(settings.viewer, project.projectType), getTagLabeler()])
  return (
    <ProjectSettingsFrame settings={settings} active="version">
      <NewVersionForm
        projectId={project.id}
        projectType={project.projectType}
        projectPath={settings.data.path}
        gameVersions={[...gameVersions].reverse().map((g) => ({ version: g.version, versionType: g.versionType }))}
        loaders={loaders.map((id) => ({ id, label: label(id) }))}
      />
    </ProjectSettingsFrame>
  )
}
