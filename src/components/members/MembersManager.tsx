'use client'

import { useActionState, type ReactNode } from 'react'

import { Avatar } from '@/components/profile/Avatar'
import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

/** What a member form's action answers: the refusal, or what was done. */
export type MembersFormState = { done?: string; form?: string }
export type MembersAction = (prev: MembersFormState, form: FormData) => Promise<MembersFormState>

/** A team member (or invitation) as the forms show it. */
export type MemberLike = { id: string; userId: string; username: string; avatarUrl: string | null; role: string; accepted: boolean; isOwner: boolean }

/** What the viewer's bits allow on the page. */
export type MembersCan = { invite: boolean; editMember: boolean; removeMember: boolean; transfer: boolean }

/** The page's words, by key (each page reads them from its own messages; `heading` titles the member list). */
export type MembersTextKey =
  | 'inviteHeading'
  | 'username'
  | 'role'
  | 'invite'
  | 'heading'
  | 'owner'
  | 'pending'
  | 'save'
  | 'remove'
  | 'withdraw'
  | 'transferHeading'
  | 'transferHint'
  | 'transferTo'
  | 'transfer'

type Props<R extends MemberLike> = {
  /** The hidden field naming whose team this is (`project` or `organization`), as the actions read it. */
  owner: { field: 'project' | 'organization'; id: string }
  /** Prefix of the page's element ids. */
  idPrefix: string
  rows: R[]
  can: MembersCan
  actions: { invite: MembersAction; update: MembersAction; remove: MembersAction; transfer: MembersAction }
  text: (key: MembersTextKey) => string
  /** A member's permission checkboxes; with `inviteSetsPermissions`, also an invitation's (given `null`), with its role. */
  permissions: (row: R | null) => ReactNode
  inviteSetsPermissions?: boolean
  /** Under the member list. */
  afterList?: ReactNode
  cardTestId?: string
  /** An extra class of the "Invitation pending" badge. */
  pendingBadgeClass?: string
}

const OUTCOME_CLASSES = { error: 'project-settings__field-error', done: 'project-settings__saved' }

function Outcome({ state }: { state: MembersFormState }) {
  return <FormOutcome error={state.form} done={state.done} classNames={OUTCOME_CLASSES} />
}

/** One checkbox per permission bit, in a fieldset (a member's, an invitation's or an organization's default project bits). */
export function PermissionChecks<K extends string>({
  legend,
  hint,
  name,
  bits,
  value,
  label,
  disabled = false,
  after,
}: {
  legend: string
  hint?: string
  name: string
  bits: readonly (readonly [K, number])[]
  value: number
  label: (key: K) => string
  disabled?: boolean
  /** Beside a bit's checkbox (the page a project permission opens). */
  after?: (key: K) => ReactNode
}) {
  return (
    <fieldset className="project-settings__tags" disabled={disabled}>
      <legend className="project-settings__label">{legend}</legend>
      {hint ? <p className="project-settings__hint">{hint}</p> : null}
      <ul className="project-settings__checks">
        {bits.map(([key, bit]) => (
          <li key={key}>
            <label>
              <input type="checkbox" name={name} value={bit} defaultChecked={(value & bit) === bit} /> {label(key)}
            </label>
            {after?.(key)}
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

function OwnerField({ owner }: { owner: Props<MemberLike>['owner'] }) {
  return <input type="hidden" name={owner.field} value={owner.id} />
}

function InviteForm<R extends MemberLike>({ owner, idPrefix, actions, text, permissions, inviteSetsPermissions }: Props<R>) {
  const [state, action, pending] = useActionState(actions.invite, {})
  const submit = (
    <button type="submit" className="button button--primary" disabled={pending}>
      {text('invite')}
    </button>
  )
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="members__invite" aria-labelledby={`${idPrefix}-invite-title`}>
      <h2 id={`${idPrefix}-invite-title`} className="project-settings__subheading">{text('inviteHeading')}</h2>
      <OwnerField owner={owner} />
      <div className="members__invite-row">
        <div className="project-settings__field">
          <label htmlFor={`${idPrefix}-invite-username`} className="project-settings__label">{text('username')}</label>
          <input id={`${idPrefix}-invite-username`} name="username" autoComplete="off" className="project-settings__input" required />
        </div>
        {inviteSetsPermissions ? (
          <div className="project-settings__field">
            <label htmlFor={`${idPrefix}-invite-role`} className="project-settings__label">{text('role')}</label>
            <input id={`${idPrefix}-invite-role`} name="role" maxLength={64} defaultValue="Member" className="project-settings__input" />
          </div>
        ) : (
          submit
        )}
      </div>
      {inviteSetsPermissions ? (
        <>
          {permissions(null)}
          {submit}
        </>
      ) : null}
      <Outcome state={state} />
    </form>
  )
}

function MemberCard<R extends MemberLike>({ row, owner, idPrefix, can, actions, text, permissions, cardTestId, pendingBadgeClass }: Props<R> & { row: R }) {
  const [saved, save, saving] = useActionState(actions.update, {})
  const [removed, remove, removing] = useActionState(actions.remove, {})
  const editable = can.editMember && !row.isOwner
  const headingId = `${idPrefix}-member-${row.id}`
  return (
    <li className="members__card" aria-labelledby={headingId} data-testid={cardTestId}>
      <div className="members__who">
        <Avatar url={row.avatarUrl} size={40} round fallback="user" />
        <h3 id={headingId} className="members__name">{row.username}</h3>
        {row.isOwner ? <span className="status-badge status-badge--small">{text('owner')}</span> : null}
        {!row.accepted ? <span className={`status-badge status-badge--small${pendingBadgeClass ? ` ${pendingBadgeClass}` : ''}`}>{text('pending')}</span> : null}
      </div>
      <form action={save} onSubmit={submitWithoutReset(save)} className="members__form" aria-label={row.username}>
        <OwnerField owner={owner} />
        <input type="hidden" name="member" value={row.id} />
        <fieldset disabled={!editable} className="project-settings__fieldset">
          <div className="project-settings__field">
            <label htmlFor={`${idPrefix}-role-${row.id}`} className="project-settings__label">{text('role')}</label>
            <input id={`${idPrefix}-role-${row.id}`} name="role" defaultValue={row.role} maxLength={64} className="project-settings__input" />
          </div>
          {permissions(row)}
        </fieldset>
        {editable ? (
          <button type="submit" className="button button--secondary" disabled={saving}>
            {text('save')}
            <span className="visually-hidden">: {row.username}</span>
          </button>
        ) : null}
        <Outcome state={saved} />
      </form>
      {can.removeMember && !row.isOwner ? (
        <form action={remove}>
          <OwnerField owner={owner} />
          <input type="hidden" name="member" value={row.id} />
          <button type="submit" className="button button--danger" disabled={removing}>
            {row.accepted ? text('remove') : text('withdraw')}
            <span className="visually-hidden">: {row.username}</span>
          </button>
          <Outcome state={removed} />
        </form>
      ) : null}
    </li>
  )
}

function TransferForm({ owner, idPrefix, actions, text, candidates }: Pick<Props<MemberLike>, 'owner' | 'idPrefix' | 'actions' | 'text'> & { candidates: MemberLike[] }) {
  const [state, action, pending] = useActionState(actions.transfer, {})
  return (
    <form action={action} className="project-settings__danger" aria-labelledby={`${idPrefix}-transfer-title`}>
      <h2 id={`${idPrefix}-transfer-title`} className="project-settings__subheading">{text('transferHeading')}</h2>
      <p>{text('transferHint')}</p>
      <OwnerField owner={owner} />
      <div className="project-settings__field">
        <label htmlFor={`${idPrefix}-transfer`} className="project-settings__label">{text('transferTo')}</label>
        <select id={`${idPrefix}-transfer`} name="user" className="project-settings__input" defaultValue="">
          <option value="" disabled>—</option>
          {candidates.map((c) => (
            <option key={c.userId} value={c.userId}>{c.username}</option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--danger" disabled={pending}>{text('transfer')}</button>
      <Outcome state={state} />
    </form>
  )
}

/**
 * A team's members page (a project's or an organization's): invite, each member's role and
 * permission bits, remove, transfer ownership — as the viewer's bits allow. Each page passes its
 * own bits, words and server actions.
 */
export function MembersManager<R extends MemberLike>(props: Props<R>) {
  const { rows, can, idPrefix, text, afterList } = props
  const candidates = rows.filter((m) => m.accepted && !m.isOwner)
  return (
    <div className="members">
      {can.invite ? <InviteForm {...props} /> : null}
      <section aria-labelledby={`${idPrefix}-list-title`}>
        <h2 id={`${idPrefix}-list-title`} className="project-settings__subheading">{text('heading')}</h2>
        <ul className="members__list">
          {rows.map((row) => (
            <MemberCard key={row.id} {...props} row={row} />
          ))}
        </ul>
      </section>
      {afterList}
      {can.transfer && candidates.length ? <TransferForm {...props} candidates={candidates} /> : null}
    </div>
  )
}
