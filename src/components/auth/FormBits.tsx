'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'

import type { FormState } from './formState'

type AuthKey = Parameters<ReturnType<typeof useTranslations<'Auth'>>>[0]

/** A message key of `Auth.errors`, or a text from the Users collection shown as it is. */
export function useErrorText() {
  const t = useTranslations('Auth')
  return (key: string | undefined, minutes?: number): string | null => {
    if (!key) return null
    // Keys come from the server at run time; `has` checks them, the cast satisfies the typed keys.
    for (const path of [`errors.${key}`, `verify.${key}`] as AuthKey[]) if (t.has(path)) return t(path, { minutes: minutes ?? 1 })
    return key
  }
}

type FieldProps = {
  name: string
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete: string
  state: FormState
  required?: boolean
  inputMode?: 'numeric' | 'text'
  autoFocus?: boolean
}

/** A labelled input with its error under it (announced, and tied to the input for screen readers). */
export function Field({ name, label, type = 'text', autoComplete, state, required = true, inputMode, autoFocus }: FieldProps) {
  const errorText = useErrorText()
  const error = errorText(state.fields?.[name])
  const keepValue = type !== 'password'
  return (
    <div className="auth-field">
      <label htmlFor={`auth-${name}`} className="auth-field__label">
        {label}
      </label>
      <input
        id={`auth-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        required={required}
        className="auth-field__input"
        defaultValue={keepValue ? state.values?.[name] : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `auth-${name}-error` : undefined}
      />
      {error ? (
        <p id={`auth-${name}-error`} className="auth-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The form-wide error (wrong password, too many attempts, expired link). */
export function FormError({ state }: { state: FormState }) {
  const errorText = useErrorText()
  const text = errorText(state.form, state.minutes)
  return text ? (
    <p className="auth-form__error" role="alert">
      {text}
    </p>
  ) : null
}

export function Submit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary auth-form__submit" disabled={pending} aria-busy={pending}>
      {children}
    </button>
  )
}
