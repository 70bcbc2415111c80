'use client'

import { useTranslations } from 'next-intl'

import { ProjectPermissions } from '@/access/core/permissions'
import { PermissionChecks, MembersManager as TeamMembersManager, type MembersCan } from '@/components/members/MembersManager'
import { Avatar } from '@/components/profile/Avatar'
import type { MemberRow } from '@/lib/data/projectSettings'

import { inviteMember, removeMember, transferProject, updateMember } from './memberActions'
import { PermissionPageLink } from './PermissionPageLink'

const BITS = Object.entries(ProjectPermissions) as [keyof typeof ProjectPermissions, number][]
const ACTIONS = { invite: inviteMember, update: updateMember, remove: removeMember, transfer: transferProject }

/** The members page: invite, each member's role and bits, remove, transfer ownership; the organization's members, read-only. */
export function MembersManager({ projectId, team, organization, organizationName, can }: { projectId: string; team: MemberRow[]; organization: MemberRow[]; organizationName: string | null; can: MembersCan }) {
  const t = useTranslations('ProjectMembers')
  return (
    <TeamMembersManager
      owner={{ field: 'project', id: projectId }}
      idPrefix="members"
      rows={team}
      can={can}
      actions={ACTIONS}
      text={(key) => t(key === 'heading' ? 'members' : key)}
      pendingBadgeClass="status-badge--processing"
      permissions={(row) => (
        <PermissionChecks legend={t('permissions')} name="permission" bits={BITS} value={row?.permissions ?? 0} label={(key) => t(`bits.${key}`)} after={(key) => <PermissionPageLink bit={key} />} />
      )}
      afterList={
        organization.length && organizationName ? (
          <section aria-labelledby="members-org-title">
            <h2 id="members-org-title" className="project-settings__subheading">{t('organizationMembers', { organization: organizationName })}</h2>
            <p className="project-settings__hint">{t('organizationHint')}</p>
            <ul className="members__org">
              {organization.filter((m) => m.accepted).map((m) => (
                <li key={m.id}>
                  <Avatar url={m.avatarUrl} size={28} round fallback="user" /> {m.username} <span className="project-settings__hint">{m.role}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null
      }
    />
  )
}
