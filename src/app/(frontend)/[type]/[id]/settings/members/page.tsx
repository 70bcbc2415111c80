import type { Metadata } from 'next'

import { MembersManager } from '@/components/project/settings/MembersManager'
import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings, settingsMetadata } from '@/components/project/settings/route'
import type { ProjectRouteProps } from '@/components/project/route'
import { loadMemberRows } from '@/lib/data/projectSettings'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return settingsMetadata(await params, 'members')
}

/** /{type}/{id}/settings/members: invite, edit, remove members; transfer ownership. */
export default async function ProjectMembersSettings({ params, searchParams }: ProjectRouteProps) {
  const settings = await resolveSettings(await params, await searchParams, 'members')
  const rows = await loadMemberRows(settings)
  const { can, data } = settings
  return (
    <ProjectSettingsFrame settings={settings} active="members">
      <MembersManager
        projectId={data.project.id}
        team={rows.team}
        organization={rows.organization}
        organizationName={data.organization?.name ?? null}
        can={{ invite: can.invite, editMember: can.editMember, removeMember: can.removeMember, transfer: can.transfer }}
      />
    </ProjectSettingsFrame>
  )
}
