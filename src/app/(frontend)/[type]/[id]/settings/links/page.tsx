import type { Metadata } from 'next'

import { LinksForm } from '@/components/project/settings/LinksForm'
import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings, settingsMetadata } from '@/components/project/settings/route'
import type { ProjectRouteProps } from '@/components/project/route'
import { loadDonationPlatforms } from '@/lib/data/projectSettings'
import { relationId } from '@/lib/ids'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return settingsMetadata(await params, 'links')
}

/** /{type}/{id}/settings/links: where to report issues, read the source or the wiki, join, donate. */
export default async function ProjectLinksSettings({ params, searchParams }: ProjectRouteProps) {
  const settings = await resolveSettings(await params, await searchParams, 'links')
  const { project } = settings.data
  const platforms = await loadDonationPlatforms(settings.viewer)
  const donations = Object.fromEntries((project.donationUrls ?? []).map((d) => [relationId(d.platform) ?? '', d.url]))
  return (
    <ProjectSettingsFrame settings={settings} active="links">
      <LinksForm
        projectId={project.id}
        canSave={settings.can.details}
        platforms={platforms.map((p) => ({ id: p.id, name: p.name }))}
        stored={{ issuesUrl: project.issuesUrl ?? '', sourceUrl: project.sourceUrl ?? '', wikiUrl: project.wikiUrl ?? '', discordUrl: project.discordUrl ?? '', donations }}
      />
    </ProjectSettingsFrame>
  )
}
