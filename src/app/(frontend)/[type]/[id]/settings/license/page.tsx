import type { Metadata } from 'next'

import { LicenseForm } from '@/components/project/settings/LicenseForm'
import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings, settingsMetadata } from '@/components/project/settings/route'
import type { ProjectRouteProps } from '@/components/project/route'
import { loadLicenseChoices } from '@/lib/data/projectSettings'
import { relationId } from '@/lib/ids'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return settingsMetadata(await params, 'license')
}

/** /{type}/{id}/settings/license: an SPDX license or a custom one with its URL. */
export default async function ProjectLicenseSettings({ params, searchParams }: ProjectRouteProps) {
  const settings = await resolveSettings(await params, await searchParams, 'license')
  const { project } = settings.data
  const licenses = await loadLicenseChoices(settings.viewer)
  return (
    <ProjectSettingsFrame settings={settings} active="license">
      <LicenseForm
        projectId={project.id}
        canSave={settings.can.details}
        licenses={licenses.map((l) => ({ id: l.id, name: l.name }))}
        stored={{ license: relationId(project.license) ?? '', licenseUrl: project.licenseUrl ?? '' }}
      />
    </ProjectSettingsFrame>
  )
}
