'use client'

import { useTranslations } from 'next-intl'

import { OrganizationPermissions, ProjectPermissions } from '@/access/core/permissions'
import { PermissionChecks, MembersManager as TeamMembersManager, type MembersCan as TeamMembersCan } from '@/components/members/MembersManager'
import { PermissionPageLink } from '@/components/project/settings/PermissionPageLink'
import type { OrganizationMemberRow } from '@/lib/data/organizations'

import { inviteMemberAction, removeMemberAction, transferOrganizationAction, updateMemberAction } from './actions'

export type MembersCan = TeamMembersCan & { editDefaults: boolean }
const ORG_BITS = Object.entries(OrganizationPermissions) as [keyof typeof OrganizationPermissions, number][]
const PROJECT_BITS = Object.entries(ProjectPermissions) as [keyof typeof ProjectPermissions, number][]
const ACTIONS = { invite: inviteMemberAction, update: updateMemberAction, remove: removeMemberAction, transfer: transferOrganizationAction }

/**
 * settings/members: invite, each member's role and bits, remove, transfer ownership — as the viewer's bits allow.
 * A member has organization bits and the default bits of the organization's projects (an invitation sets both).
 */
export function MembersManager({ organizationId, rows, can }: { organizationId: string; rows: OrganizationMemberRow[]; can: MembersCan }) {
  const t = useTranslations('Organizations.members')
  const tp = useTranslations('ProjectMembers')
  return (
    <TeamMembersManager
      owner={{ field: 'organization', id: organizationId }}
      idPrefix="org"
      rows={rows}
      can={can}
      actions={ACTIONS}
      text={(key) => t(key)}
      inviteSetsPermissions
      cardTestId="organization-member"
      permissions={(row) => (
        <>
          <PermissionChecks legend={t('organizationPermissions')} name="organizationPermission" bits={ORG_BITS} value={row?.organizationPermissions ?? 0} label={(key) => t(`bits.${key}`)} />
          <PermissionChecks
            legend={t('projectPermissions')}
            hint={t('projectPermissionsHint')}
            name="projectPermission"
            bits={PROJECT_BITS}
            value={row?.permissions ?? 0}
            label={(key) => tp(`bits.${key}`)}
            disabled={!can.editDefaults}
            after={(key) => <PermissionPageLink bit={key} />}
          />
        </>
      )}
    />
  )
}
