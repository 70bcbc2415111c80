'use client'

import { useTranslations } from 'next-intl'
import { useActionState, useEffect, useId, useRef, useState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { useCopy } from '@/components/site/useCopy'
import { GRANTABLE_SCOPE_GROUPS, type ScopeName } from '@/access/core/scopes'

import { createApp, deleteApp, updateApp, type AppFormValues, type AppState } from './actions'

function Outcome({ state }: { state: AppState }) {
  if (state.form) return <p className="project-settings__error" role="alert">{state.form}</p>
  if (state.done) return <p className="project-settings__saved" role="status">{state.done}</p>
  return null
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} className="project-settings__field-error" role="alert">{message}</p> : null
}

/** One labelled input with its hint and error wired to it. */
function Field({ id, name, label, hint, error, children }: { id: string; name: string; label: string; hint?: string; error?: string; children: (described: string | undefined, invalid: true | undefined) => React.ReactNode }) {
  const described = [hint ? `${id}-${name}-hint` : '', error ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="project-settings__field">
      <label htmlFor={`${id}-${name}`} className="project-settings__label">{label}</label>
      {hint ? <p id={`${id}-${name}-hint`} className="project-settings__hint">{hint}</p> : null}
      {children(described, error ? true : undefined)}
      <FieldError id={`${id}-${name}-error`} message={error} />
    </div>
  )
}

/** Name, icon, home page, description, redirect URIs and scopes: the same fields to create and edit. */
function AppFields({ state, initial }: { state: AppState; initial: AppFormValues }) {
  const t = useTranslations('Applications')
  const scopeText = useTranslations('Scopes')
  const id = useId()
  const values = state.values ?? initial
  const err = state.fields ?? {}
  return (
    <>
      <Field id={id} name="name" label={t('name')} error={err.name}>
        {(d, inv) => <input id={`${id}-name`} name="name" className="project-settings__input" defaultValue={values.name} maxLength={255} autoComplete="off" aria-invalid={inv} aria-describedby={d} />}
      </Field>
      <Field id={id} name="icon" label={t('icon')} hint={t('iconHint')} error={err.icon}>
        {(d, inv) => <input id={`${id}-icon`} name="icon" type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="project-settings__input" aria-invalid={inv} aria-describedby={d} />}
      </Field>
      <Field id={id} name="url" label={t('url')} hint={t('urlHint')} error={err.url}>
        {(d, inv) => <input id={`${id}-url`} name="url" type="url" inputMode="url" className="project-settings__input" defaultValue={values.url} maxLength={255} aria-invalid={inv} aria-describedby={d} />}
      </Field>
      <Field id={id} name="description" label={t('description')} error={err.description}>
        {(d, inv) => <textarea id={`${id}-description`} name="description" rows={2} className="project-settings__input" defaultValue={values.description} maxLength={255} aria-invalid={inv} aria-describedby={d} />}
      </Field>
      <Field id={id} name="redirectUris" label={t('redirectUris')} hint={t('redirectUrisHint')} error={err.redirectUris}>
        {(d, inv) => <textarea id={`${id}-redirectUris`} name="redirectUris" rows={3} className="project-settings__input app-form__uris" defaultValue={values.redirectUris} spellCheck={false} aria-invalid={inv} aria-describedby={d} />}
      </Field>
      <fieldset className="token-form__scopes" aria-describedby={`${id}-scopes-hint${err.scopes ? ` ${id}-scopes-error` : ''}`}>
        <legend className="project-settings__label">{t('scopes')}</legend>
        <p id={`${id}-scopes-hint`} className="project-settings__hint">{t('scopesHint')}</p>
        <div className="token-form__groups">
          {GRANTABLE_SCOPE_GROUPS.map(({ group, scopes }) => (
            <div key={group} className="token-form__group" role="group" aria-labelledby={`${id}-g-${group}`}>
              <p id={`${id}-g-${group}`} className="token-form__group-title">{scopeText(`groups.${group}`)}</p>
              {scopes.map((scope: ScopeName) => (
                <label key={scope} className="token-form__scope">
                  <input type="checkbox" name="scopes" value={scope} defaultChecked={values.scopes.includes(scope)} />
                  {scopeText(scope)}
                </label>
              ))}
            </div>
          ))}
        </div>
        <FieldError id={`${id}-scopes-error`} message={err.scopes} />
      </fieldset>
    </>
  )
}

/** The client id and the new secret, shown once with copy buttons. */
function CreatedApp({ created }: { created: NonNullable<AppState['created']> }) {
  const t = useTranslations('Applications')
  const { copiedWhat, copy } = useCopy({ resetMs: null })
  return (
    <div className="token-created" role="status">
      <p>{t('created', { name: created.name })}</p>
      {(
        [
          ['clientId', created.id],
          ['clientSecret', created.secret],
        ] as const
      ).map(([what, value]) => (
        <div key={what} className="token-created__row">
          <label htmlFor={`new-app-${what}`} className="project-settings__label">{t(what)}</label>
          <input id={`new-app-${what}`} className="project-settings__input token-created__value" value={value} readOnly onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--secondary" onClick={() => void copy(value, what)} aria-label={t('copyLabel', { what: t(what) })}>
            {copiedWhat === what ? t('copied') : t('copy')}
          </button>
        </div>
      ))}
    </div>
  )
}

const EMPTY: AppFormValues = { name: '', url: '', description: '', redirectUris: '', scopes: [] }

export function CreateAppForm() {
  const t = useTranslations('Applications')
  const [state, action, pending] = useActionState<AppState, FormData>(createApp, {})
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLFormElement>(null)
  // A created one closes the form (state adjusted while rendering, as the answer arrives); a form
  // still shown is cleared.
  const [answered, setAnswered] = useState(state)
  if (answered !== state) {
    setAnswered(state)
    if (state.created) setOpen(false)
  }
  useEffect(() => {
    if (state.created) ref.current?.reset()
  }, [state])
  return (
    <section className="settings-card account-card" aria-labelledby="app-new">
      <h2 id="app-new" className="settings-card__title">{t('createHeading')}</h2>
      {state.created ? <CreatedApp key={state.created.secret} created={state.created} /> : null}
      {open || state.fields || state.form ? (
        <form ref={ref} action={action} onSubmit={submitWithoutReset(action)} className="settings-form" noValidate>
          <AppFields state={state} initial={EMPTY} />
          <button type="submit" className="button button--primary" disabled={pending}>{t('submitCreate')}</button>
          <Outcome state={state} />
        </form>
      ) : (
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>{t('create')}</button>
      )}
    </section>
  )
}

export function EditAppForm({ id, initial }: { id: string; initial: AppFormValues }) {
  const t = useTranslations('Applications')
  const [state, action, pending] = useActionState<AppState, FormData>(updateApp.bind(null, id), {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form token-row__edit" noValidate>
      <AppFields state={state} initial={initial} />
      <button type="submit" className="button button--primary" disabled={pending}>{t('submitEdit')}</button>
      <Outcome state={state} />
    </form>
  )
}

export function DeleteAppButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations('Applications')
  const [state, action, pending] = useActionState<AppState>(deleteApp.bind(null, id), {})
  return (
    <form action={action} onSubmit={(e) => { if (!window.confirm(t('deleteConfirm', { name }))) e.preventDefault() }}>
      <button type="submit" className="button button--danger" disabled={pending} aria-label={t('deleteLabel', { name })}>{t('delete')}</button>
      <Outcome state={state} />
    </form>
  )
}
