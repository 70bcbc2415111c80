'use server'

import config from '@payload-config'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { after } from 'next/server'
import { getPayload } from 'payload'

import { accountEmailAllowed } from '@/lib/auth/emailLimit'
import { requestPasswordReset, resetPassword } from '@/lib/auth/recovery'
import { userOf } from '@/lib/auth/request'
import { LAUNCHER_FINISH_PATH } from '@/lib/auth/launcher'
import { launcherDestination } from '@/lib/auth/launcherSession'
import { formRecord } from '@/lib/auth/schemas'
import { clearSessionCookie, setSessionCookie } from '@/lib/auth/sessionCookie'
import { signIn } from '@/lib/auth/signIn'
import { afterSignInPath } from '@/lib/auth/signInPath'
import { signOut } from '@/lib/auth/signOut'
import { signUp } from '@/lib/auth/signUp'
import { sendVerificationEmail } from '@/lib/auth/verification'

import type { FormState } from './formState'

/*
 * The account forms' server actions: thin. Each validates and acts in src/lib/auth (zod, then
 * Payload's auth operations with this request's headers), sets or clears Payload's session cookie,
 * and answers the form with field errors (message keys) and what was typed — never a password.
 */

const payload = () => getPayload({ config })

export async function signUpAction(_: FormState, form: FormData): Promise<FormState> {
  const input = formRecord(form)
  // The mail goes out after the answer; a taken email and a free one are answered alike (issue 27 L1).
  const result = await signUp(await payload(), input, await headers(), (task) => after(task))
  if (!result.ok) return { fields: result.fields, form: result.form, minutes: result.retryAfterMinutes, values: { username: input.username ?? '', email: input.email ?? '', subscribe: input.subscribe ?? '' } }
  return { done: true, values: { email: input.email ?? '' } }
}

export async function signInAction(_: FormState, form: FormData): Promise<FormState> {
  const input = formRecord(form)
  const p = await payload()
  const h = await headers()
  const result = await signIn(p, input, h)
  if (!result.ok) return { fields: result.fields, form: result.form, minutes: result.retryAfterMinutes, values: { identifier: input.identifier ?? '' }, twoFactor: result.twoFactor }
  await setSessionCookie(p, result.token)
  // A launcher's sign-in ends here, not through the finish route: the router would keep that route's
  // address in the location bar after following its redirect.
  if (input.redirect === LAUNCHER_FINISH_PATH) redirect(await launcherDestination(p, result.user, h))
  redirect(afterSignInPath(input.redirect))
}

export async function requestResetAction(_: FormState, form: FormData): Promise<FormState> {
  const input = formRecord(form)
  // The lookup and the mail run after the answer is sent: its timing says nothing about the account.
  const result = await requestPasswordReset(await payload(), input, await headers(), (task) => after(task))
  if (!result.ok) return { fields: result.fields, form: result.form, minutes: result.retryAfterMinutes, values: { identifier: input.identifier ?? '' } }
  return { done: true }
}

export async function resetPasswordAction(_: FormState, form: FormData): Promise<FormState> {
  const p = await payload()
  const result = await resetPassword(p, formRecord(form), await headers())
  if (!result.ok) return { fields: result.fields, form: result.form }
  // Every session of the account ended with the reset, this browser's included.
  await clearSessionCookie(p)
  return { done: true }
}

/** "Resend verification email" (banner and verify page): signed-in users only, rate-limited. */
export async function resendVerificationAction(_: FormState, _form: FormData): Promise<FormState> {
  const p = await payload()
  const h = await headers()
  const user = await userOf(p, h)
  if (!user) return { form: 'signInToResend' }
  const allowed = await accountEmailAllowed(p, h, user.id)
  if (!allowed.ok) return { form: 'tooManyAttempts', minutes: allowed.retryAfterMinutes }
  try {
    await sendVerificationEmail(p, user.id)
  } catch (err) {
    p.logger.error({ err, msg: 'Could not resend the verification email' })
    return { form: 'generic' }
  }
  return { done: true }
}

export async function signOutAction(): Promise<void> {
  const p = await payload()
  await signOut(p, await headers())
  await clearSessionCookie(p)
  redirect('/')
}
