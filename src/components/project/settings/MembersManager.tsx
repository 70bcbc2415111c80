'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { Avatar } from '@/components/profile/Avatar'
import { ProjectPermissions } from '@/access/permissions'
import type { MemberRow } from '@/lib/data/projectSettings'

import { submitWithoutReset } from './fields'
import { PermissionPageLink } from './PermissionPageLink'
import { inviteMember, removeMember, transferProject, updateMember, type MemberFormState } from './memberActions'

type Can = { invite: boolean; editMember: boolean; removeMember: boolean; transfer: boolean }
const BITS = Object.entries(ProjectPermissions) as [keyof typeof ProjectPermissions, number][]

function Outcome({ state }: { state: MemberFormState }) {
  if (state.form) return <p className="project-settings__field-error" role="alert">{state.form}</p>
  if (state.done) return <p className="project-settings__saved" role="status">{state.done}</p>
  return null
}

function InviteForm({ projectId }: { projectId: string }) {
  const t = useTranslations('ProjectMembers')
  const [state, action, pending] = useActionState<MemberFormState, FormData>(inviteMember, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="members__invite" aria-labelledby="members-invite-title">
      <h2 id="members-invite-title" className="project-settings__subheading">{t('inviteHeading')}</h2>
      <input type="hidden" name="project" value={projectId} />
      <div className="members__invite-row">
        <div className="project-settings__field">
          <label htmlFor="members-username" className="project-settings__label">{t('username')}</label>
          <input id="members-username" name="username" autoComplete="off" className="project-settings__input" required />
        </div>
        <button type="submit" className="button button--primary" disabled={pending}>{t('invite')}</button>
      </div>
      <Outcome state={state} />
    </form>
  )
}

function MemberCard({ row, projectId, can }: { row: MemberRow; projectId: string; can: Can }) {
  const t = useTranslations('ProjectMembers')
  const [saved, save, saving] = useActionState<MemberFormState, FormData>(updateMember, {})
  const [removed, remove, removing] = useActionState<MemberFormState, FormData>(removeMember, {})
  const editable = can.editMember && !row.isOwner
  const headingId = `member-${row.id}`
  return (
    <li className="members__card" aria-labelledby={headingId}>
      <div className="members__who">
        <Avatar url={row.avatarUrl} size={40} round fallback="user" />
        <h3 id={headingId} className="members__name">{row.username}</h3>
        {row.isOwner ? <span className="status-badge status-badge--small">{t('owner')}</span> : null}
        {!row.accepted ? <span className="status-badge status-badge--small status-badge--processing">{t('pending')}</span> : null}
      </div>
      <form action={save} onSubmit={submitWithoutReset(save)} className="members__form">
        <input type="hidden" name="project" value={projectId} />
        <input type="hidden" name="member" value={row.id} />
        <fieldset disabled={!editable} className="project-settings__fieldset">
          <div className="project-settings__field">
            <label htmlFor={`role-${row.id}`} className="project-settings__label">{t('role')}</label>
            <input id={`role-${row.id}`} name="role" defaultValue={row.role} maxLength={64} className="project-settings__input" />
          </div>
          <fieldset className="project-settings__tags">
            <legend className="project-settings__label">{t('permissions')}</legend>
            <ul className="project-settings__checks">
              {BITS.map(([key, bit]) => (
                <li key={key}>
                  <label>
                    <input type="checkbox" name="permission" value={bit} defaultChecked={(row.permissions & bit) === bit} /> {t(`bits.${key}`)}
                  </label>
                  <PermissionPageLink bit={key} />
                </li>
              ))}
            </ul>
          </fieldset>
        </fieldset>
        {editable ? <button type="submit" className="button button--secondary" disabled={saving}>{t('save')}</button> : null}
        <Outcome state={saved} />
      </form>
      {can.removeMember && !row.isOwner ? (
        <form action={remove}>
          <input type="hidden" name="project" value={projectId} />
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

function TransferForm({ projectId, candidates }: { projectId: string; candidates: MemberRow[] }) {
  const t = useTranslations('ProjectMembers')
  const [state, action, pending] = useActionState<MemberFormState, FormData>(transferProject, {})
  return (
    <form action={action} className="project-settings__danger" aria-labelledby="members-transfer-title">
      <h2 id="members-transfer-title" className="project-settings__subheading">{t('transferHeading')}</h2>
      <p>{t('transferHint')}</p>
      <input type="hidden" name="project" value={projectId} />
      <div className="project-settings__field">
        <label htmlFor="members-transfer" className="project-settings__label">{t('transferTo')}</label>
        <select id="members-transfer" name="user" className="project-settings__input" defaultValue="">
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

/** The members page: invite, each member's role and bits, remove, transfer ownership. */
export function MembersManager({ projectId, team, organization, organizationName, can }: { projectId: string; team: MemberRow[]; organization: MemberRow[]; organizationName: string | null; can: Can }) {
  const t = useTranslations('ProjectMembers')
  const candidates = team.filter((m) => m.accepted && !m.isOwner)
  return (
    <div className="members">
      {can.invite ? <InviteForm projectId={projectId} /> : null}
      <section aria-labelledby="members-list-title">
        <h2 id="members-list-title" className="project-settings__subheading">{t('members')}</h2>
        <ul className="members__list">
          {team.map((row) => (
            <MemberCard key={row.id} row={row} projectId={projectId} can={can} />
          ))}
        </ul>
      </section>
      {organization.length && organizationName ? (
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
      ) : null}
      {can.transfer && candidates.length ? <TransferForm projectId={projectId} candidates={candidates} /> : null}
    </div>
  )
}
