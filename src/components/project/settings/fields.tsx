'use client'

import { useTranslations } from 'next-intl'
import { startTransition, useActionState, type FormEvent, type ReactNode } from 'react'

import { saveProjectSettings, type SettingsFormState } from './actions'
import { useLoadedVersion } from './LoadedVersion'

/** One settings section's form: the hidden ids, the save button and the form-wide outcome. */
export function useSettingsForm() {
  return useActionState<SettingsFormState, FormData>(saveProjectSettings, {})
}

export function SettingsFormFrame({ section, projectId, state, action, pending, canSave, children }: {
  section: string
  projectId: string
  state: SettingsFormState
  action: (form: FormData) => void
  pending: boolean
  canSave: boolean
  children: ReactNode
}) {
  const t = useTranslations('ProjectSettings')
  const onSubmit = submitWithoutReset(action)
  const loaded = useLoadedVersion()
  return (
    <form action={action} onSubmit={onSubmit} className="settings-form project-settings__form" noValidate>
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name="project" value={projectId} />
      {loaded ? <input type="hidden" name="loadedVersion" value={loaded} /> : null}
      <fieldset disabled={!canSave} className="project-settings__fieldset">
        {children}
      </fieldset>
      {state.form ? (
        <p className="project-settings__error" role="alert">
          {state.form}
        </p>
      ) : null}
      {state.done ? <p role="status" className="project-settings__saved">{t('saved')}</p> : null}
      {canSave ? (
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {t('save')}
        </button>
      ) : (
        <p className="project-settings__hint">{t('readOnly')}</p>
      )}
    </form>
  )
}

/**
 * An onSubmit that calls the action directly rather than through React's form action: that one
 * resets the form after every answer, which emptied selects and checkboxes and lost what was typed.
 * Without JavaScript the form still posts to the same action.
 */
export function submitWithoutReset(action: (form: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)
    startTransition(() => action(data))
  }
}

/** A field's message, announced and tied to the field by its id. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="project-settings__field-error" role="alert">
      {error}
    </p>
  ) : null
}

/** The typed value after a refused save, else the stored one. */
export const valueOf = (state: SettingsFormState, name: string, stored: string | null | undefined): string => {
  const v = state.values?.[name]
  return typeof v === 'string' ? v : (stored ?? '')
}

export function TextInput({ name, label, hint, state, stored, multiline, type = 'text', maxLength, rows, idPrefix = 'ps' }: {
  idPrefix?: string
  name: string
  label: string
  hint?: string
  state: SettingsFormState
  stored: string | null | undefined
  multiline?: boolean
  type?: 'text' | 'url'
  maxLength?: number
  rows?: number
}) {
  const error = state.fields?.[name]
  const id = `${idPrefix}-${name}`
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  const common = { id, name, defaultValue: valueOf(state, name, stored), 'aria-invalid': error ? true : undefined, 'aria-describedby': described, maxLength, className: 'project-settings__input' }
  return (
    <div className="project-settings__field">
      <label htmlFor={id} className="project-settings__label">
        {label}
      </label>
      {hint ? <p id={`${id}-hint`} className="project-settings__hint">{hint}</p> : null}
      {multiline ? <textarea {...common} rows={rows ?? 4} /> : <input {...common} type={type} inputMode={type === 'url' ? 'url' : undefined} />}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

export function SelectInput({ name, label, state, stored, options, idPrefix = 'ps' }: {
  idPrefix?: string
  name: string
  label: string
  state: SettingsFormState
  stored: string | null | undefined
  options: { value: string; label: string }[]
}) {
  const error = state.fields?.[name]
  const id = `${idPrefix}-${name}`
  return (
    <div className="project-settings__field">
      <label htmlFor={id} className="project-settings__label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={valueOf(state, name, stored)} className="project-settings__input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}
