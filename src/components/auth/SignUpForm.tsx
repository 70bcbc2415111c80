'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { signUpAction } from './actions'
import { Field, FormError, Submit } from './FormBits'
import { INITIAL_FORM_STATE } from './formState'

/** `launcher`: the sign-up of a launcher's sign-in, which goes on to the app after the welcome page. */
export function SignUpForm({ launcher = false }: { launcher?: boolean }) {
  const t = useTranslations('Auth')
  const [state, action, pending] = useActionState(signUpAction, INITIAL_FORM_STATE)
  return (
    <form action={action} className="auth-form" noValidate>
      <FormError state={state} />
      {launcher && <input type="hidden" name="launcher" value="true" />}
      <Field name="username" label={t('fields.username')} autoComplete="username" state={state} />
      <Field name="email" label={t('fields.email')} type="email" autoComplete="email" state={state} />
      <Field name="password" label={t('fields.password')} type="password" autoComplete="new-password" state={state} />
      <Field name="confirmPassword" label={t('fields.confirmPassword')} type="password" autoComplete="new-password" state={state} />
      <label className="auth-check">
        <input type="checkbox" name="subscribe" defaultChecked={state.values?.subscribe === 'on'} />
        {t('fields.subscribe')}
      </label>
      <p className="auth-form__legal">
        {t.rich('signUp.legal', {
          terms: (chunks) => <Link href="/legal/terms">{chunks}</Link>,
          privacy: (chunks) => <Link href="/legal/privacy">{chunks}</Link>,
        })}
      </p>
      <Submit pending={pending}>{t('signUp.submit')}</Submit>
    </form>
  )
}
