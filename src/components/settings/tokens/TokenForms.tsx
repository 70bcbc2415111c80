'use client'

import { useTranslations } from 'next-intl'
import { useActionState, useEffect, useId, useRef, useState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { useCopy } from '@/components/site/useCopy'
import { GRANTABLE_SCOPE_GROUPS, type ScopeName } from '@/access/core/scopes'

import { createToken, revokeToken, updateToken, type TokenFormValues, type TokenState } from './actions'

function Outcome({ state }: { state: TokenState }) {
  if (state.form) return <p className="project-settings__error" role="alert">{state.form}</p>
  if (state.done) return <p className="project-settings__saved" role="status">{state.done}</p>
  return null
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} className="project-settings__field-error" role="alert">{message}</p> : null
}

/** Name, expiry and scopes: the same fields to create a token and to edit one. */
function TokenFields({ state, initial }: { state: TokenState; initial: TokenFormValues }) {
  const t = useTranslations('Tokens')
  const scopeText = useTranslations('Scopes')
  const id = useId()
  const values = state.values ?? initial
  // The earliest expiry, read once when the fields first render.
  const [tomorrow] = useState(() => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
  const err = state.fields ?? {}
  return (
    <>
      <div className="project-settings__field">
        <label htmlFor={`${id}-name`} className="project-settings__label">{t('name')}</label>
        <p id={`${id}-name-hint`} className="project-settings__hint">{t('nameHint')}</p>
        <input id={`${id}-name`} name="name" className="project-settings__input" defaultValue={values.name} maxLength={255} autoComplete="off"
          aria-invalid={err.name ? true : undefined} aria-describedby={`${id}-name-hint${err.name ? ` ${id}-name-error` : ''}`} />
        <FieldError id={`${id}-name-error`} message={err.name} />
      </div>
      <div className="project-settings__field">
        <label htmlFor={`${id}-expires`} className="project-settings__label">{t('expires')}</label>
        <input id={`${id}-expires`} name="expires" type="date" min={tomorrow} className="project-settings__input token-form__date" defaultValue={values.expires}
          aria-invalid={err.expires ? true : undefined} aria-describedby={err.expires ? `${id}-expires-error` : undefined} />
        <FieldError id={`${id}-expires-error`} message={err.expires} />
      </div>
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

/** The new token, shown once with a copy button. */
function CreatedToken({ created }: { created: { name: string; token: string } }) {
  const t = useTranslations('Tokens')
  const { copied, copy } = useCopy({ resetMs: null })
  return (
    <div className="token-created" role="status">
      <p>{t('created', { name: created.name })}</p>
      <div className="token-created__row">
        <label htmlFor="new-token" className="visually-hidden">{t('tokenLabel')}</label>
        <input id="new-token" className="project-settings__input token-created__value" value={created.token} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copy(created.token)}>
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
    </div>
  )
}

export function CreateTokenForm() {
  const t = useTranslations('Tokens')
  const [state, action, pending] = useActionState<TokenState, FormData>(createToken, {})
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
    <section className="settings-card account-card" aria-labelledby="token-new">
      <h2 id="token-new" className="settings-card__title">{t('createHeading')}</h2>
      {state.created ? <CreatedToken key={state.created.token} created={state.created} /> : null}
      {open || state.fields || state.form ? (
        <form ref={ref} action={action} onSubmit={submitWithoutReset(action)} className="settings-form" noValidate>
          <TokenFields state={state} initial={{ name: '', expires: '', scopes: [] }} />
          <button type="submit" className="button button--primary" disabled={pending}>{t('submitCreate')}</button>
          <Outcome state={state} />
        </form>
      ) : (
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>{t('create')}</button>
      )}
    </section>
  )
}

export function EditTokenForm({ id, initial }: { id: string; initial: TokenFormValues }) {
  const t = useTranslations('Tokens')
  const [state, action, pending] = useActionState<TokenState, FormData>(updateToken.bind(null, id), {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="settings-form token-row__edit" noValidate>
      <TokenFields state={state} initial={initial} />
      <button type="submit" className="button button--primary" disabled={pending}>{t('submitEdit')}</button>
      <Outcome state={state} />
    </form>
  )
}

export function RevokeTokenButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations('Tokens')
  const [state, action, pending] = useActionState<TokenState>(revokeToken.bind(null, id), {})
  return (
    <form action={action}>
      <button type="submit" className="button button--danger" disabled={pending} aria-label={t('revokeLabel', { name })}>{t('revoke')}</button>
      <Outcome state={state} />
    </form>
  )
}
