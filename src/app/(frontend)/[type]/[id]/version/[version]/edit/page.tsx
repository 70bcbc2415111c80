import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings } from '@/components/project/settings/route'
import type { SearchParams } from '@/components/project/route'
import { EditVersionForm } from '@/components/project/versionForm/EditVersionForm'
import { ScheduleRelease } from '@/components/project/versionForm/ScheduleRelease'
import { VersionFilesEditor } from '@/components/project/versionForm/VersionFilesEditor'
import { getTagLabeler } from '@/components/search/labels'
import { loadGameVersionTags, loadVersionFiles } from '@/lib/data/page-project'
import { loadVersionLoaders } from '@/lib/data/projectSettings'
import { describeDependencies } from '@/lib/data/dependencies'
import { getProjectVersion } from '@/lib/data/versions'
import { relationId } from '@/lib/ids'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ type: string; id: string; version: string }>; searchParams: Promise<SearchParams> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('VersionForm')
  return { title: t('editTitle'), robots: { index: false } }
}

/** /{type}/{id}/version/{version}/edit: a version's details, its status, and delete (members who may upload). */
export default async function EditVersionPage({ params, searchParams }: Props) {
  const p = await params
  const settings = await resolveSettings({ type: p.type, id: p.id }, await searchParams, 'version')
  if (!settings.can.upload) notFound()
  let key = p.version
  try {
    key = decodeURIComponent(p.version)
  } catch {
    /* as it came */
  }
  const version = await getProjectVersion(settings.viewer, settings.data.project, key)
  if (!version) notFound()
  const [gameVersions, loaders, label, dependencies, files] = await Promise.all([
    loadGameVersionTags(),
    loadVersionLoaders(settings.viewer, settings.data.project.projectType),
    getTagLabeler(),
    describeDependencies(settings.viewer, version),
    loadVersionFiles(version.id),
  ])
  return (
    <ProjectSettingsFrame settings={settings} active="editVersion">
      <EditVersionForm
        // A new status (scheduled, released, called off) starts the form afresh rather than saving the old one back.
        key={`${version.status}:${version.datePublished}`}
        versionId={version.id}
        projectId={settings.data.project.id}
        initialDependencies={dependencies}
        projectPath={settings.data.path}
        canDelete={settings.can.deleteVersion}
        gameVersions={[...gameVersions].reverse().map((g) => ({ version: g.version, versionType: g.versionType }))}
        loaders={loaders.map((id) => ({ id, label: label(id) }))}
        initial={{
          versionNumber: version.versionNumber,
          name: version.name ?? '',
          channel: version.versionType ?? 'release',
          status: version.status ?? 'listed',
          loaders: (version.loaders ?? []).map(relationId).filter((x): x is string => !!x),
          gameVersions: (version.gameVersions ?? []).map(relationId).filter((x): x is string => !!x),
          changelog: version.changelog ?? '',
          featured: !!version.featured,
        }}
      />
      <ScheduleRelease
        versionId={version.id}
        status={version.status ?? 'listed'}
        requestedStatus={version.requestedStatus ?? null}
        releaseAt={version.datePublished ?? null}
        canSchedule={settings.can.details}
      />
      <VersionFilesEditor versionId={version.id} files={files} />
    </ProjectSettingsFrame>
  )
}
