'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { OrganizationPermissions, ProjectPermissions } from '@/access/permissions'
import { Avatar } from '@/components/profile/Avatar'
import { submitWithoutReset } from '@/components/project/settings/fields'
import { PermissionPageLink } from '@/components/project/settings/PermissionPageLink'
import type { OrganizationMemberRow } from '@/lib/data/organizations'

import { inviteMemberAction, removeMemberAction, transferOrganizationAction, updateMemberAction, type OrgFormState } from './actions'
import { Outcome } from './Outcome'

export type MembersCan = { invite: boolean; editMember: boolean; removeMember: boolean; editDefaults: boolean; transfer: boolean }
const ORG_BITS = Object.entries(OrganizationPermissions) as [keyof typeof OrganizationPermissions, number][]
const PROJECT_BITS = Object.entries(ProjectPermissions) as [keyof typeof ProjectPermissions, number][]

/** The two sets of checkboxes: organization bits and default project bits. */
function BitFields({ organizationPermissions, permissions, defaultsEditable }: { organizationPermissions: number; permissions: number; defaultsEditable: boolean }) {
  const t = useTranslations('Organizations.members')
  const tp = useTranslations('ProjectMembers')
  return (
    <>
      <fieldset className="project-settings__tags">
        <legend className="project-settings__label">{t('organizationPermissions')}</legend>
        <ul className="project-settings__checks">
          {ORG_BITS.map(([key, bit]) => (
            <li key={key}>
              <label>
                <input type="checkbox" name="organizationPermission" value={bit} defaultChecked={(organizationPermissions & bit) === bit} /> {t(`bits.${key}`)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="project-settings__tags" disabled={!defaultsEditable}>
        <legend className="project-settings__label">{t('projectPermissions')}</legend>
        <p className="project-settings__hint">{t('projectPermissionsHint')}</p>
        <ul className="project-settings__checks">
          {PROJECT_BITS.map(([key, bit]) => (
            <li key={key}>
              <label>
                <input type="checkbox" name="projectPermission" value={bit} defaultChecked={(permissions & bit) === bit} /> {tp(`bits.${key}`)}
              </label>
              <PermissionPageLink bit={key} />
            </li>
          ))}
        </ul>
      </fieldset>
    </>
  )
}

function InviteForm({ organizationId, can }: { organizationId: string; can: MembersCan }) {
  const t = useTranslations('Organizations.members')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(inviteMemberAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="members__invite" aria-labelledby="org-invite-title">
      <h2 id="org-invite-title" className="project-settings__subheading">{t('inviteHeading')}</h2>
      <input type="hidden" name="organization" value={organizationId} />
      <div className="members__invite-row">
        <div className="project-settings__field">
          <label htmlFor="org-invite-username" className="project-settings__label">{t('username')}</label>
          <input id="org-invite-username" name="username" autoComplete="off" className="project-settings__input" required />
        </div>
        <div className="project-settings__field">
          <label htmlFor="org-invite-role" className="project-settings__label">{t('role')}</label>
          <input id="org-invite-role" name="role" maxLength={64} defaultValue="Member" className="project-settings__input" />
        </div>
      </div>
      <BitFields organizationPermissions={0} permissions={0} defaultsEditable={can.editDefaults} />
      <button type="submit" className="button button--primary" disabled={pending}>{t('invite')}</button>
      <Outcome state={state} />
    </form>
  )
}

function MemberCard({ row, organizationId, can }: { row: OrganizationMemberRow; organizationId: string; can: MembersCan }) {
  const t = useTranslations('Organizations.members')
  const [saved, save, saving] = useActionState<OrgFormState, FormData>(updateMemberAction, {})
  const [removed, remove, removing] = useActionState<OrgFormState, FormData>(removeMemberAction, {})
  const editable = can.editMember && !row.isOwner
  const headingId = `org-member-${row.id}`
  return (
    <li className="members__card" aria-labelledby={headingId} data-testid="organization-member">
      <div className="members__who">
        <Avatar url={row.avatarUrl} size={40} round fallback="user" />
        <h3 id={headingId} className="members__name">{row.username}</h3>
        {row.isOwner ? <span className="status-badge status-badge--small">{t('owner')}</span> : null}
        {!row.accepted ? <span className="status-badge status-badge--small">{t('pending')}</span> : null}
      </div>
      <form action={save} onSubmit={submitWithoutReset(save)} className="members__form" aria-label={row.username}>
        <input type="hidden" name="organization" value={organizationId} />
        <input type="hidden" name="member" value={row.id} />
        <fieldset disabled={!editable} className="project-settings__fieldset">
          <div className="project-settings__field">
            <label htmlFor={`org-role-${row.id}`} className="project-settings__label">{t('role')}</label>
            <input id={`org-role-${row.id}`} name="role" defaultValue={row.role} maxLength={64} className="project-settings__input" />
          </div>
          <BitFields organizationPermissions={row.organizationPermissions} permissions={row.permissions} defaultsEditable={can.editDefaults} />
        </fieldset>
        {editable ? <button type="submit" className="button button--secondary" disabled={saving}>{t('save')}<span className="visually-hidden">: {row.username}</span></button> : null}
        <Outcome state={saved} />
      </form>
      {can.removeMember && !row.isOwner ? (
        <form action={remove}>
          <input type="hidden" name="organization" value={organizationId} />
          <input type="hidden" name="member" value={row.id} />
          <button type="submit" className="button button--danger" disabled={removing}>
            {row.accepted ? t('remove') : t('withdraw')}
            <span className="visually-hidden">: {row.username}</span>
          </button>
          <Outcome state={removed} />
        </form>
      ) : null}
    </li>
  )
}

function TransferForm({ organizationId, candidates }: { organizationId: string; candidates: OrganizationMemberRow[] }) {
  const t = useTranslations('Organizations.members')
  const [state, action, pending] = useActionState<OrgFormState, FormData>(transferOrganizationAction, {})
  return (
    <form action={action} className="project-settings__danger" aria-labelledby="org-transfer-title">
      <h2 id="org-transfer-title" className="project-settings__subheading">{t('transferHeading')}</h2>
      <p>{t('transferHint')}</p>
      <input type="hidden" name="organization" value={organizationId} />
      <div className="project-settings__field">
        <label htmlFor="org-transfer" className="project-settings__label">{t('transferTo')}</label>
        <select id="org-transfer" name="user" className="project-settings__input" defaultValue="">
          <option value="" disabled>—</option>
          {candidates.map((c) => (
            <option key={c.userId} value={c.userId}>{c.username}</option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--danger" disabled={pending}>{t('transfer')}</button>
      <Outcome state={state} />
    </form>
  )
}

/** settings/members: invite, each member's role and bits, remove, transfer ownership — as the viewer's bits allow. */
export function MembersManager({ organizationId, rows, can }: { organizationId: string; rows: OrganizationMemberRow[]; can: MembersCan }) {
  const t = useTranslations('Organizations.members')
  const candidates = rows.filter((m) => m.accepted && !m.isOwner)
  return (
    <div className="members">
      {can.invite ? <InviteForm organizationId={organizationId} can={can} /> : null}
      <section aria-labelledby="org-members-title">
        <h2 id="org-members-title" className="project-settings__subheading">{t('heading')}</h2>
        <ul className="members__list">
          {rows.map((row) => (
            <MemberCard key={row.id} row={row} organizationId={organizationId} can={can} />
          ))}
        </ul>
      </section>
      {can.transfer && candidates.length ? <TransferForm organizationId={organizationId} candidates={candidates} /> : null}
    </div>
  )
}
