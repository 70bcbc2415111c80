'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { signInAction } from './actions'
import { Field, FormError, Submit } from './FormBits'
import { INITIAL_FORM_STATE } from './formState'

/** Email or username and password. Two-factor and external providers would add their step after this form. */
export function SignInForm({ redirect }: { redirect: string }) {
  const t = useTranslations('Auth')
  const [state, action, pending] = useActionState(signInAction, INITIAL_FORM_STATE)
  return (
    <form action={action} className="auth-form" noValidate>
      <FormError state={state} />
      <input type="hidden" name="redirect" value={redirect} />
      <Field name="identifier" label={t('fields.identifier')} autoComplete="username" state={state} />
      <Field name="password" label={t('fields.password')} type="password" autoComplete="current-password" state={state} />
      <Submit pending={pending}>{t('signIn.submit')}</Submit>
    </form>
  )
}
