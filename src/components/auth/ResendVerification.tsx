'use client'

import { useTranslations } from 'next-intl'
import { useActionState } from 'react'

import { resendVerificationAction } from './actions'
import { useErrorText } from './FormBits'
import { INITIAL_FORM_STATE } from './formState'

/** "Resend verification email" (verify page, banner). */
export function ResendVerification({ sentText, className }: { sentText?: string; className?: string }) {
  const t = useTranslations('Auth')
  const errorText = useErrorText()
  const [state, action, pending] = useActionState(resendVerificationAction, INITIAL_FORM_STATE)
  if (state.done) return <span role="status">{sentText ?? t('verify.resent')}</span>
  return (
    <form action={action} className={className}>
      <button type="submit" className="button button--secondary button--small" disabled={pending}>
        {t('verify.resend')}
      </button>
      {state.form ? <span role="alert"> {errorText(state.form, state.minutes)}</span> : null}
    </form>
  )
}
