import type { Metadata } from 'next'

import { MembersManager } from '@/components/organization/MembersManager'
import { OrganizationSettingsFrame } from '@/components/organization/OrganizationSettingsFrame'
import { organizationSettingsMetadata, resolveOrganizationSettings, type OrganizationSettingsProps } from '@/components/organization/route'
import { getOrganizationMemberRows } from '@/lib/data/organizations'

export const dynamic = 'force-dynamic'

export const generateMetadata = (props: OrganizationSettingsProps): Promise<Metadata> => organizationSettingsMetadata(props, 'members')

/** /organization/{slug}/settings/members: invite, edit bits, remove, transfer ownership. */
export default async function OrganizationMembersSettings(props: OrganizationSettingsProps) {
  const settings = await resolveOrganizationSettings(props, 'members')
  const rows = await getOrganizationMemberRows(settings.viewer, settings.teamId)
  const { can } = settings
  return (
    <OrganizationSettingsFrame name={settings.organization.name} path={settings.path} active="members">
      <MembersManager
        organizationId={settings.organization.id}
        rows={rows}
        can={{ invite: can.invite, editMember: can.editMember, removeMember: can.removeMember, editDefaults: can.editDefaults, transfer: can.transfer }}
      />
    </OrganizationSettingsFrame>
  )
}
