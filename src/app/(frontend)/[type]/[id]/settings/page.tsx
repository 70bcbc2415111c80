import type { Metadata } from 'next'

import { DeleteProject } from '@/components/project/settings/DeleteProject'
import { GeneralForm } from '@/components/project/settings/GeneralForm'
import { IconForm } from '@/components/project/settings/IconForm'
import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings, settingsMetadata } from '@/components/project/settings/route'
import type { ProjectRouteProps } from '@/components/project/route'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return settingsMetadata(await params, 'general')
}

/** /{type}/{id}/settings: title, URL, summary, environments, visibility, delete. */
export default async function ProjectGeneralSettings({ params, searchParams }: ProjectRouteProps) {
  const settings = await resolveSettings(await params, await searchParams, 'general')
  const { project } = settings.data
  const visibility = settings.everApproved ? project.status : (project.requestedStatus ?? 'approved')
  return (
    <ProjectSettingsFrame settings={settings} active="general">
      <IconForm projectId={project.id} iconUrl={settings.data.iconUrl} canSave={settings.can.details} />
      <GeneralForm
        projectId={project.id}
        canSave={settings.can.details}
        approved={settings.everApproved}
        stored={{
          title: project.title,
          slug: project.slug,
          summary: project.summary,
          clientSide: project.clientSide ?? 'unknown',
          serverSide: project.serverSide ?? 'unknown',
          visibility: visibility === 'archived' ? 'approved' : (visibility ?? 'approved'),
        }}
      />
      {settings.can.delete ? <DeleteProject projectId={project.id} title={project.title} /> : null}
    </ProjectSettingsFrame>
  )
}
