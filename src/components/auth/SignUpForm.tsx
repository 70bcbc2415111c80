'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { keepLauncher } from '@/lib/auth/launcher'

import { signUpAction } from './actions'
import { Field, FormError, Submit } from './FormBits'
import { INITIAL_FORM_STATE } from './formState'

/** `launcher`: the sign-up of a launcher's sign-in; its "Sign in" link keeps the launcher flow. */
export function SignUpForm({ launcher = false }: { launcher?: boolean }) {
  const t = useTranslations('Auth')
  const [state, action, pending] = useActionState(signUpAction, INITIAL_FORM_STATE)
  // The same notice whether the email was free or had an account already: the mail says which.
  if (state.done)
    return (
      <div className="auth-form__notice" role="status">
        <h2 className="auth-form__notice-title">{t('signUp.checkEmailTitle')}</h2>
        <p>{t('signUp.checkEmail', { email: state.values?.email ?? '' })}</p>
        <Link href={keepLauncher('/auth/sign-in', launcher)} className="button button--primary">
          {t('signUp.signInLink')}
        </Link>
      </div>
    )
  // Not reset after a refusal: "Passwords do not match!" leaves what was typed in place.
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="auth-form" noValidate>
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
