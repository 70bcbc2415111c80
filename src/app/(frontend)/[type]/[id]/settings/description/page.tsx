import type { Metadata } from 'next'

import { DescriptionForm } from '@/components/project/settings/DescriptionForm'
import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings, settingsMetadata } from '@/components/project/settings/route'
import type { ProjectRouteProps } from '@/components/project/route'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return settingsMetadata(await params, 'description')
}

/** /{type}/{id}/settings/description: the markdown description with a live preview. */
export default async function ProjectDescriptionSettings({ params, searchParams }: ProjectRouteProps) {
  const settings = await resolveSettings(await params, await searchParams, 'description')
  const { project } = settings.data
  return (
    <ProjectSettingsFrame settings={settings} active="description">
      <DescriptionForm projectId={project.id} stored={project.body ?? ''} canSave={settings.can.body} />
    </ProjectSettingsFrame>
  )
}
