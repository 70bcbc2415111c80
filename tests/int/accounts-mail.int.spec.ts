/**
 * Accounts (issue 12) with a real mail server: sign-up, sign-in, verification and password reset
 * through src/lib/auth (what the /auth server actions call), the mail caught by a local SMTP server
 * and its links followed. Every rule and refusal: validation, no enumeration, token expiry and reuse.
 */
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMailbox, tokenFrom, type Mailbox } from '../helpers/mailbox'

let mailbox: Mailbox
let payload: Payload
let lib: {
  signUp: typeof import('../../src/lib/auth/signUp').signUp
  signIn: typeof import('../../src/lib/auth/signIn').signIn
  signOut: typeof import('../../src/lib/auth/signOut').signOut
  verifyEmailToken: typeof import('../../src/lib/auth/verification').verifyEmailToken
  sendVerificationEmail: typeof import('../../src/lib/auth/verification').sendVerificationEmail
  requestPasswordReset: typeof import('../../src/lib/auth/recovery').requestPasswordReset
  resetPassword: typeof import('../../src/lib/auth/recovery').resetPassword
}

let outboxAtStart = 0

beforeAll(async () => {
  mailbox = await startMailbox()
  // The mail settings are read when the config loads: set them first, then load it.
  process.env.SMTP_HOST = '127.0.0.1'
  process.env.SMTP_PORT = String(mailbox.port)
  process.env.SMTP_SECURE = 'false'
  process.env.EMAIL_FROM = 'Blockforge Tests <tests@blockforge.local>'
  process.env.SITE_URL = 'http://site.test'
  process.env.LOGIN_FAILURES_PER_ACCOUNT = '3'
  const { bootPayload } = await import('../helpers/payload')
  payload = await bootPayload()
  // The run's database is shared by the test files: other files (without SMTP) may have filled the outbox.
  outboxAtStart = (await payload.count({ collection: 'email-outbox', overrideAccess: true })).totalDocs
  lib = {
    ...(await import('../../src/lib/auth/signUp')),
    ...(await import('../../src/lib/auth/signIn')),
    ...(await import('../../src/lib/auth/signOut')),
    ...(await import('../../src/lib/auth/verification')),
    ...(await import('../../src/lib/auth/recovery')),
  }
})
afterAll(async () => {
  await mailbox?.close()
})

let n = 0
const uniq = (p: string) => `${p}${++n}${Date.now().toString(36)}`
/** A browser request from its own address (the rate limits count per address). */
const from = (address = `10.12.${n & 255}.${(n * 7) & 255}`, extra: Record<string, string> = {}) => new Headers({ 'x-forwarded-for': address, ...extra })
const form = (username: string, over: Record<string, string> = {}) => ({ username, email: `${username.toLowerCase()}@example.test`, password: 'long-password-1', confirmPassword: 'long-password-1', ...over })
const stored = (id: string) => payload.findByID({ collection: 'users', id, overrideAccess: true, showHiddenFields: true, depth: 0 })
/** Sign-up answers alike for a new account and a taken email (issue 27 L1): the new account's id is looked up. */
const idOf = async (username: string) => (await payload.find({ collection: 'users', where: { username: { equals: username.toLowerCase() } }, overrideAccess: true, depth: 0 })).docs[0]!.id
const countUsers = async (username: string) => (await payload.count({ collection: 'users', where: { username: { equals: username.toLowerCase() } }, overrideAccess: true })).totalDocs

describe('sign-up', () => {
  it("refuses different passwords with 'Passwords do not match!' and creates nothing", async () => {
    const name = uniq('mismatch')
    const result = await lib.signUp(payload, form(name, { confirmPassword: 'other-password-1' }), from())
    expect(result).toMatchObject({ ok: false, fields: { confirmPassword: 'passwordMismatch' } })
    expect(await countUsers(name)).toBe(0)
  })

  it('refuses a bad email and a short password, by field', async () => {
    const name = uniq('bademail')
    const result = await lib.signUp(payload, form(name, { email: 'not-an-email', password: 'short', confirmPassword: 'short' }), from())
    expect(result).toMatchObject({ ok: false, fields: { email: 'emailInvalid', password: 'passwordTooShort' } })
    expect(await countUsers(name)).toBe(0)
  })

  it('refuses a username taken in another case, with the collection\'s message', async () => {
    const name = uniq('taken')
    expect((await lib.signUp(payload, form(name), from())).ok).toBe(true)
    const again = await lib.signUp(payload, form(name.toUpperCase(), { email: `${uniq('other')}@example.test` }), from())
    expect(again).toMatchObject({ ok: false, fields: { username: 'This username is already taken.' } })
  })

  it("refuses a username against the collection's rules", async () => {
    const result = await lib.signUp(payload, form('has space', { email: `${uniq('space')}@example.test` }), from())
    expect(result).toMatchObject({ ok: false, fields: { username: expect.stringContaining('Usernames are') } })
  })

  it('cannot make an admin or a verified account: the form\'s fields only, as an anonymous create', async () => {
    const name = uniq('sneaky')
    const result = await lib.signUp(payload, { ...form(name), role: 'admin', emailVerified: 'true' }, from())
    expect(result.ok).toBe(true)
    const user = await stored(await idOf(name))
    expect(user.role).toBe('developer')
    expect(user.emailVerified).toBe(false)
  })

  it('creates, mails a verification link (the account signs in with its password); following it verifies; again says already verified', async () => {
    const name = uniq('Newbie')
    const result = await lib.signUp(payload, { ...form(name), subscribe: 'on' }, from())
    expect(result).toEqual({ ok: true })
    const userId = await idOf(name)
    const session = await lib.signIn(payload, { identifier: name, password: 'long-password-1' }, from())
    expect(session.ok && session.user.id).toBe(userId)
    const account = await stored(userId)
    expect(account).toMatchObject({ username: name.toLowerCase(), subscribedToUpdates: true, emailVerified: false })

    const mail = await mailbox.waitFor((m) => m.to.includes(`${name.toLowerCase()}@example.test`) && m.subject === 'Verify your email')
    const token = tokenFrom(mail, '/auth/verify-email')
    expect(mail.links.every((l) => l.startsWith('http://site.test/'))).toBe(true)
    // Only a hash is stored.
    expect(JSON.stringify(account)).not.toContain(token)

    expect(await lib.verifyEmailToken(payload, token)).toBe('verified')
    expect((await stored(userId)).emailVerified).toBe(true)
    expect(await lib.verifyEmailToken(payload, token)).toBe('alreadyVerified')
    expect(await lib.verifyEmailToken(payload, 'not-a-token')).toBe('failed')
    expect(await lib.verifyEmailToken(payload, '')).toBe('failed')
  })

  it('an expired or replaced verification link fails', async () => {
    const name = uniq('late')
    const result = await lib.signUp(payload, form(name), from())
    if (!result.ok) throw new Error('sign-up failed')
    const userId = await idOf(name)
    const first = tokenFrom(await mailbox.waitFor((m) => m.to.includes(`${name}@example.test`)), '/auth/verify-email')
    // A resend replaces the link.
    const before = mailbox.mails.length
    await lib.sendVerificationEmail(payload, userId)
    const second = tokenFrom(await mailbox.waitFor((m, i = mailbox.mails.indexOf(m)) => i >= before && m.to.includes(`${name}@example.test`)), '/auth/verify-email')
    expect(second).not.toBe(first)
    expect(await lib.verifyEmailToken(payload, first)).toBe('failed')
    // Sent eight days ago: expired.
    await payload.update({ collection: 'users', id: userId, data: { emailVerification: { sentAt: new Date(Date.now() - 8 * 86_400_000).toISOString() } }, overrideAccess: true })
    expect(await lib.verifyEmailToken(payload, second)).toBe('failed')
    expect((await stored(userId)).emailVerified).toBe(false)
  })

  it('writes nothing to the outbox when SMTP is configured', async () => {
    expect(mailbox.mails.length).toBeGreaterThan(0)
    expect((await payload.count({ collection: 'email-outbox', overrideAccess: true })).totalDocs).toBe(outboxAtStart)
  })
})

describe('sign-in', () => {
  let name: string
  beforeAll(async () => {
    name = uniq('signer')
    const r = await lib.signUp(payload, form(name), from())
    if (!r.ok) throw new Error('sign-up failed')
  })

  it('works with the username in any case and with the email, while the email is unverified', async () => {
    expect(await lib.signIn(payload, { identifier: name.toUpperCase(), password: 'long-password-1' }, from())).toMatchObject({ ok: true })
    expect(await lib.signIn(payload, { identifier: `${name}@example.test`, password: 'long-password-1' }, from())).toMatchObject({ ok: true })
  })

  it('gives one answer for an unknown account and a wrong password', async () => {
    const unknown = await lib.signIn(payload, { identifier: uniq('nobody'), password: 'long-password-1' }, from())
    const wrong = await lib.signIn(payload, { identifier: name, password: 'wrong-password-1' }, from())
    const unknownEmail = await lib.signIn(payload, { identifier: `${uniq('nobody')}@example.test`, password: 'long-password-1' }, from())
    expect(unknown).toEqual({ ok: false, form: 'signInFailed' })
    expect(wrong).toEqual(unknown)
    expect(unknownEmail).toEqual(unknown)
  })

  it('refuses empty input by field', async () => {
    expect(await lib.signIn(payload, { identifier: ' ', password: '' }, from())).toMatchObject({ ok: false, fields: { identifier: 'identifierRequired', password: 'passwordRequired' } })
  })

  it('answers too many attempts with the minutes to wait', async () => {
    const address = '10.77.0.1'
    const other = uniq('limited')
    await lib.signUp(payload, form(other), from())
    for (let i = 0; i < 3; i++) await lib.signIn(payload, { identifier: other, password: 'wrong-password-1' }, from(address))
    const refused = await lib.signIn(payload, { identifier: other, password: 'long-password-1' }, from(address))
    expect(refused).toMatchObject({ ok: false, form: 'tooManyAttempts' })
    expect((refused as { retryAfterMinutes: number }).retryAfterMinutes).toBeGreaterThanOrEqual(1)
  })

  it('sign out ends that session only', async () => {
    const a = await lib.signIn(payload, { identifier: name, password: 'long-password-1' }, from())
    const b = await lib.signIn(payload, { identifier: name, password: 'long-password-1' }, from())
    if (!a.ok || !b.ok) throw new Error('sign-in failed')
    await lib.signOut(payload, new Headers({ cookie: `payload-token=${a.token}`, 'sec-fetch-site': 'same-origin' }))
    expect((await payload.auth({ headers: new Headers({ Authorization: `JWT ${a.token}` }) })).user).toBeNull()
    expect((await payload.auth({ headers: new Headers({ Authorization: `JWT ${b.token}` }) })).user?.username).toBe(name)
  })
})

describe('password reset', () => {
  let name: string
  let userId: string
  beforeAll(async () => {
    name = uniq('forgetful')
    const r = await lib.signUp(payload, form(name), from())
    if (!r.ok) throw new Error('sign-up failed')
    userId = await idOf(name)
  })
  const resetMail = (since: number) => mailbox.waitFor((m) => mailbox.mails.indexOf(m) >= since && m.to.includes(`${name}@example.test`) && m.subject === 'Reset your password')

  it('answers the same for an unknown account, and sends nothing', async () => {
    const before = mailbox.mails.length
    expect(await lib.requestPasswordReset(payload, { identifier: uniq('ghost') }, from())).toEqual({ ok: true })
    expect(await lib.requestPasswordReset(payload, { identifier: `${uniq('ghost')}@example.test` }, from())).toEqual({ ok: true })
    expect(await lib.requestPasswordReset(payload, { identifier: name }, from())).toEqual({ ok: true })
    await resetMail(before)
    expect(mailbox.mails.slice(before).map((m) => m.to[0])).toEqual([`${name}@example.test`])
  })

  it('refuses mismatched passwords, resets once, then refuses the used token; sessions end', async () => {
    const session = await lib.signIn(payload, { identifier: name, password: 'long-password-1' }, from())
    if (!session.ok) throw new Error('sign-in failed')
    const before = mailbox.mails.length
    await lib.requestPasswordReset(payload, { identifier: `${name.toUpperCase()}@EXAMPLE.TEST` }, from())
    const mail = await resetMail(before)
    const token = tokenFrom(mail, '/auth/reset-password')
    expect(mail.links.every((l) => l.startsWith('http://site.test/'))).toBe(true)

    expect(await lib.resetPassword(payload, { token, password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-2' }, from())).toMatchObject({ ok: false, fields: { confirmPassword: 'passwordMismatch' } })
    expect(await lib.resetPassword(payload, { token, password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' }, from())).toEqual({ ok: true })
    expect(await lib.resetPassword(payload, { token, password: 'another-pass-11', confirmPassword: 'another-pass-11' }, from())).toEqual({ ok: false, form: 'resetTokenInvalid' })

    expect((await payload.auth({ headers: new Headers({ Authorization: `JWT ${session.token}` }) })).user).toBeNull()
    expect(await lib.signIn(payload, { identifier: name, password: 'long-password-1' }, from())).toMatchObject({ ok: false, form: 'signInFailed' })
    expect(await lib.signIn(payload, { identifier: name, password: 'brand-new-pass-1' }, from())).toMatchObject({ ok: true })
    // The link reached the account's address: it is verified now.
    expect((await stored(userId)).emailVerified).toBe(true)
  })

  it('can answer before the lookup and the mail (the site defers them, so timing tells nothing)', async () => {
    const tasks: (() => Promise<void>)[] = []
    const before = mailbox.mails.length
    expect(await lib.requestPasswordReset(payload, { identifier: name }, from(), (task) => void tasks.push(task))).toEqual({ ok: true })
    expect(tasks).toHaveLength(1)
    expect(mailbox.mails.length).toBe(before)
    await tasks[0]()
    await resetMail(before)
  })

  it('refuses an expired token', async () => {
    const before = mailbox.mails.length
    await lib.requestPasswordReset(payload, { identifier: name }, from())
    const token = tokenFrom(await resetMail(before), '/auth/reset-password')
    await payload.db.updateOne({ collection: 'users', id: userId, data: { resetPasswordExpiration: new Date(Date.now() - 1000).toISOString() } })
    expect(await lib.resetPassword(payload, { token, password: 'too-late-pass-1', confirmPassword: 'too-late-pass-1' }, from())).toEqual({ ok: false, form: 'resetTokenInvalid' })
  })
})
