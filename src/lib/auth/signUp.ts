import { APIError, ValidationError, type Payload } from 'payload'

import { accountExistsEmail } from '../email/templates'
import { env } from '../env'
import { accountEmailAllowed } from './emailLimit'
import { dummyPasswordHash } from './equalTimeLogin'
import type { RunTask } from './recovery'
import { requestFor } from './request'
import { fieldErrorsOf, signUpInput } from './schemas'
import { usernameProblem } from './usernameProblem'
import { sendVerificationEmail } from './verification'

/**
 * One answer for a new account and for an email that has one already (issue 27 L1): the visitor is
 * told to look in their inbox, and the inbox says which it was. No session is made here: the new
 * account signs in with its password (the "verify your email" banner follows it).
 */
export type SignUpResult = { ok: true } | { ok: false; fields?: Record<string, string>; form?: string; retryAfterMinutes?: number }

/** The collection's field errors (username rules, "This username is already taken.", a taken email), by field. */
function collectionFieldErrors(err: ValidationError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of err.data?.errors ?? []) out[e.path] ??= e.message
  return out
}

type Owner = { id: string; email?: string | null; username?: string | null }

const ownerOf = async (payload: Payload, email: string): Promise<Owner | null> =>
  ((await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0, overrideAccess: true })).docs[0] as Owner | undefined) ?? null

async function mailOwner(payload: Payload, owner: Owner): Promise<void> {
  if (!owner.email) return
  const mail = accountExistsEmail(env.siteUrl(), owner.username ?? '')
  try {
    await payload.sendEmail({ to: owner.email, subject: mail.subject, html: mail.html, text: mail.text })
  } catch (err) {
    payload.logger.error({ err, msg: 'Could not send the "you already have an account" email' })
  }
}

async function mailVerification(payload: Payload, userId: string): Promise<void> {
  try {
    await sendVerificationEmail(payload, userId)
  } catch (err) {
    // The account stays: the "verify your email" banner offers to send the link again.
    payload.logger.error({ err, msg: 'Could not send the verification email after sign-up' })
  }
}

/**
 * Creates an account as an anonymous visitor would through /api (`overrideAccess: false`: the
 * collection's create access and write rules decide, so nobody signs up as an admin) and mails the
 * verification link. An email that has an account gets a "you already have an account" mail instead,
 * after the same username checks and password-hashing work, and the same answer.
 *
 * `run` decides when the mail goes out: the site passes Next's `after()`, so the answer does not wait
 * for the mail server (whose pace would tell the two cases apart); tests run it in line.
 */
export async function signUp(payload: Payload, input: unknown, headers: Headers, run: RunTask = (task) => task()): Promise<SignUpResult> {
  const parsed = signUpInput.safeParse(input)
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error) }
  const { username, email, password, subscribe } = parsed.data
  const allowed = await accountEmailAllowed(payload, headers)
  if (!allowed.ok) return { ok: false, form: 'tooManyAttempts', retryAfterMinutes: allowed.retryAfterMinutes }
  const req = await requestFor(payload, headers)

  const taken = async (owner: Owner | null): Promise<SignUpResult> => {
    const problem = await usernameProblem(payload, username, { req })
    if (problem) return { ok: false, fields: { username: problem } }
    await dummyPasswordHash(password) // what hashing a new account's password costs
    if (owner) await run(() => mailOwner(payload, owner))
    return { ok: true }
  }

  const owner = await ownerOf(payload, email)
  if (owner) return taken(owner)
  let userId: string
  try {
    const user = await payload.create({ collection: 'users', data: { username, email, password, subscribedToUpdates: subscribe }, overrideAccess: false, req, depth: 0 })
    userId = user.id
  } catch (err) {
    if (err instanceof ValidationError) {
      const { email: emailError, ...fields } = collectionFieldErrors(err)
      if (Object.keys(fields).length) return { ok: false, fields }
      // Taken by a sign-up that raced this one: answered like any taken email.
      if (emailError) return taken(await ownerOf(payload, email))
      return { ok: false, fields }
    }
    if (err instanceof APIError && err.status < 500) return { ok: false, form: err.message }
    throw err
  }
  await run(() => mailVerification(payload, userId))
  return { ok: true }
}
