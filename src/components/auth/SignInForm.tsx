'use client'

import { useTranslations } from 'next-intl'
import { useActionState, useState } from 'react'

import { signInAction } from './actions'
import { Field, FormError, Submit } from './FormBits'
import { INITIAL_FORM_STATE } from './formState'

/**
 * Email or username and password; for an account with two-factor on, a second step asks for the
 * code. That step sends the password again (held by this page only, as it was typed): the server
 * keeps no half-signed-in state, and every attempt goes through the same rate limits.
 */
export function SignInForm({ redirect }: { redirect: string }) {
  const t = useTranslations('Auth')
  const [state, action, pending] = useActionState(signInAction, INITIAL_FORM_STATE)
  const [typed, setTyped] = useState({ identifier: '', password: '' })
  const remember = (e: React.FormEvent<HTMLFormElement>) => {
    const data = new FormData(e.currentTarget)
    setTyped({ identifier: String(data.get('identifier') ?? ''), password: String(data.get('password') ?? '') })
  }
  if (state.twoFactor) {
    return (
      <form action={action} className="auth-form" noValidate>
        <p className="auth-form__lead">{t('twoFactor.lead')}</p>
        <FormError state={state} />
        <input type="hidden" name="redirect" value={redirect} />
        <input type="hidden" name="identifier" value={typed.identifier} />
        <input type="hidden" name="password" value={typed.password} />
        <Field name="code" label={t('twoFactor.code')} autoComplete="one-time-code" inputMode="text" autoFocus state={state} />
        <Submit pending={pending}>{t('twoFactor.submit')}</Submit>
        <a href={`/auth/sign-in?redirect=${encodeURIComponent(redirect)}`} className="auth-form__link">{t('twoFactor.back')}</a>
      </form>
    )
  }
  return (
    <form action={action} onSubmit={remember} className="auth-form" noValidate>
      <FormError state={state} />
      <input type="hidden" name="redirect" value={redirect} />
      <Field name="identifier" label={t('fields.identifier')} autoComplete="username" state={state} />
      <Field name="password" label={t('fields.password')} type="password" autoComplete="current-password" state={state} />
      <Submit pending={pending}>{t('signIn.submit')}</Submit>
    </form>
  )
}
