'use client'

import { useTranslations } from 'next-intl'
import { useActionState, useEffect, useRef } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'

import { changeEmail, changePassword, deleteAccount, removeAvatar, saveProfile, uploadAvatar, type AccountState } from './actions'

function Field({ form = 'acct', name, label, state, type = 'text', defaultValue, autoComplete, hint, multiline, maxLength }: {
  /** Tells apart fields of the same name in the page's several forms (ids stay unique). */
  form?: string
  name: string
  label: string
  state: AccountState
  type?: 'text' | 'email' | 'password'
  defaultValue?: string
  autoComplete?: string
  hint?: string
  multiline?: boolean
  maxLength?: number
}) {
  const error = state.fields?.[name]
  const id = `${form}-${name}`
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  const value = type === 'password' ? undefined : (state.values?.[name] ?? defaultValue)
  const common = { id, name, defaultValue: value, autoComplete, maxLength, className: 'project-settings__input', 'aria-invalid': error ? true : undefined, 'aria-describedby': described }
  return (
    <div className="project-settings__field">
      <label htmlFor={id} className="project-settings__label">{label}</label>
      {hint ? <p id={`${id}-hint`} className="project-settings__hint">{hint}</p> : null}
      {multiline ? <textarea {...common} rows={3} /> : <input {...common} type={type} />}
      {error ? <p id={`${id}-error`} className="project-settings__field-error" role="alert">{error}</p> : null}
    </div>
  )
}

function Outcome({ state }: { state: AccountState }) {
  if (state.form) return <p className="project-settings__error" role="alert">{state.form}</p>
  if (state.done) return <p className="project-settings__saved" role="status">{state.done}</p>
  return null
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="settings-card account-card" aria-labelledby={id}>
      <h2 id={id} className="settings-card__title">{title}</h2>
      {children}
    </section>
  )
}

export function ProfileForm({ username, bio }: { username: string; bio: string }) {
  const t = useTranslations('AccountSettings')
  const [state, action, pending] = useActionState<AccountState, FormData>(saveProfile, {})
  return (
    <Card id="acct-profile" title={t('profile.heading')}>
      <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form" noValidate>
        <Field name="username" label={t('profile.username')} hint={t('profile.usernameHint')} state={state} defaultValue={username} autoComplete="username" maxLength={39} />
        <Field name="bio" label={t('profile.bio')} state={state} defaultValue={bio} multiline maxLength={160} />
        <button type="submit" className="button button--primary" disabled={pending}>{t('save')}</button>
        <Outcome state={state} />
      </form>
    </Card>
  )
}

export function AvatarForm({ avatarUrl }: { avatarUrl: string | null }) {
  const t = useTranslations('AccountSettings')
  const [state, action, pending] = useActionState<AccountState, FormData>(uploadAvatar, {})
  const [removed, remove, removing] = useActionState<AccountState>(removeAvatar, {})
  return (
    <Card id="acct-avatar" title={t('profile.avatar')}>
      {avatarUrl ? <img src={avatarUrl} alt="" width={96} height={96} className="account-avatar" /> : <p className="project-settings__hint">{t('profile.noAvatar')}</p>}
      <form action={action} className="settings-form">
        <div className="project-settings__field">
          <label htmlFor="acct-avatar-file" className="project-settings__label">{t('profile.avatarFile')}</label>
          <input id="acct-avatar-file" name="avatar" type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="project-settings__input" />
        </div>
        <button type="submit" className="button button--primary" disabled={pending}>{t('profile.uploadAvatar')}</button>
        <Outcome state={state} />
      </form>
      {avatarUrl ? (
        <form action={remove}>
          <button type="submit" className="button button--secondary" disabled={removing}>{t('profile.removeAvatar')}</button>
          <Outcome state={removed} />
        </form>
      ) : null}
    </Card>
  )
}

export function EmailForm({ email, verified }: { email: string; verified: boolean }) {
  const t = useTranslations('AccountSettings')
  const [state, action, pending] = useActionState<AccountState, FormData>(changeEmail, {})
  return (
    <Card id="acct-email" title={t('email.heading')}>
      <p className="project-settings__hint">{email ? (verified ? t('email.verified', { email }) : t('email.unverified', { email })) : t('email.none')}</p>
      <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form" noValidate>
        <Field form="email" name="email" type="email" label={t('email.new')} state={state} defaultValue={email} autoComplete="email" />
        <Field form="email" name="currentPassword" type="password" label={t('currentPassword')} state={state} autoComplete="current-password" />
        <button type="submit" className="button button--primary" disabled={pending}>{t('email.save')}</button>
        <Outcome state={state} />
      </form>
    </Card>
  )
}

export function PasswordForm() {
  const t = useTranslations('AccountSettings')
  const [state, action, pending] = useActionState<AccountState, FormData>(changePassword, {})
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (state.done) ref.current?.reset()
  }, [state])
  return (
    <Card id="acct-password" title={t('password.heading')}>
      <form ref={ref} action={action} onSubmit={submitWithoutReset(action)} className="settings-form" noValidate>
        <Field form="pw" name="currentPassword" type="password" label={t('currentPassword')} state={state} autoComplete="current-password" />
        <Field form="pw" name="newPassword" type="password" label={t('password.new')} hint={t('password.hint')} state={state} autoComplete="new-password" />
        <Field form="pw" name="confirmPassword" type="password" label={t('password.confirm')} state={state} autoComplete="new-password" />
        <button type="submit" className="button button--primary" disabled={pending}>{t('password.save')}</button>
        <Outcome state={state} />
      </form>
    </Card>
  )
}

export function DeleteAccountForm({ username }: { username: string }) {
  const t = useTranslations('AccountSettings')
  const [state, action, pending] = useActionState<AccountState, FormData>(deleteAccount, {})
  return (
    <section className="project-settings__danger" aria-labelledby="acct-delete">
      <h2 id="acct-delete" className="project-settings__subheading">{t('delete.heading')}</h2>
      <p>{t('delete.body')}</p>
      <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form" noValidate>
        <Field form="del" name="confirm" label={t('delete.confirm', { username })} state={state} autoComplete="off" />
        <Field form="del" name="deletePassword" type="password" label={t('currentPassword')} state={state} autoComplete="current-password" />
        <button type="submit" className="button button--danger" disabled={pending}>{t('delete.button')}</button>
        <Outcome state={state} />
      </form>
    </section>
  )
}
