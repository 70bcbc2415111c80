'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'

import { requestResetAction, resetPasswordAction } from './actions'
import { Field, FormError, Submit } from './FormBits'
import { INITIAL_FORM_STATE } from './formState'

/** Step 1: the same confirmation whether or not the account exists. */
export function ResetRequestForm() {
  const t = useTranslations('Auth')
  const [state, action, pending] = useActionState(requestResetAction, INITIAL_FORM_STATE)
  if (state.done) return <p className="auth-form__notice" role="status">{t('reset.sent')}</p>
  return (
    <form action={action} className="auth-form" noValidate>
      <p className="auth-form__lead">{t('reset.lead')}</p>
      <FormError state={state} />
      <Field name="identifier" label={t('fields.identifier')} autoComplete="username" state={state} />
      <Submit pending={pending}>{t('reset.submit')}</Submit>
    </form>
  )
}

/** Step 2: a new password for the emailed token. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('Auth')
  const [state, action, pending] = useActionState(resetPasswordAction, INITIAL_FORM_STATE)
  if (state.done)
    return (
      <div className="auth-form__notice" role="status">
        <p>{t('reset.done')}</p>
        <Link href="/auth/sign-in" className="button button--primary">
          {t('reset.signInLink')}
        </Link>
      </div>
    )
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="auth-form" noValidate>
      <FormError state={state} />
      <input type="hidden" name="token" value={token} />
      <Field name="password" label={t('fields.newPassword')} type="password" autoComplete="new-password" state={state} />
      <Field name="confirmPassword" label={t('fields.confirmPassword')} type="password" autoComplete="new-password" state={state} />
      <Submit pending={pending}>{t('reset.newSubmit')}</Submit>
    </form>
  )
}
