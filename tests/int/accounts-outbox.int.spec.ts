/**
 * Accounts (issue 12) without a mail server: mail goes to the staff-only outbox, so a local site can
 * finish a sign-up; staff read it, nobody else does, and nobody writes it through the API.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { signUp } from '../../src/lib/auth/signUp'
import { verifyEmailToken } from '../../src/lib/auth/verification'
import { requestPasswordReset } from '../../src/lib/auth/recovery'
import { makeUser } from '../helpers/actors'
import { api } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { sessionFor } from '../helpers/v2'

let payload: Payload
beforeAll(async () => {
  delete process.env.SMTP_HOST
  payload = await bootPayload()
})

const from = () => new Headers({ 'x-forwarded-for': `10.13.0.${Math.floor(Math.random() * 250) + 1}` })
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? ''

describe('the outbox (no SMTP configured)', () => {
  let subjectOwner: string
  it('holds the verification mail of a sign-up, whose link verifies', async () => {
    const name = `outboxer${Date.now().toString(36)}`
    subjectOwner = `${name}@example.test`
    const result = await signUp(payload, { username: name, email: subjectOwner, password: 'long-password-1', confirmPassword: 'long-password-1' }, from())
    expect(result).toEqual({ ok: true })
    const mail = (await payload.find({ collection: 'email-outbox', where: { to: { equals: subjectOwner } }, overrideAccess: true })).docs
    expect(mail.map((m) => m.subject)).toEqual(['Verify your email'])
    expect(mail[0].text).toContain('/auth/verify-email?token=')
    expect(await verifyEmailToken(payload, tokenIn(mail[0].text ?? '', '/auth/verify-email'))).toBe('verified')
  })

  it('holds a password reset mail; an unknown account adds nothing', async () => {
    const before = (await payload.count({ collection: 'email-outbox', overrideAccess: true })).totalDocs
    await requestPasswordReset(payload, { identifier: 'nobody-at-all@example.test' }, from())
    expect((await payload.count({ collection: 'email-outbox', overrideAccess: true })).totalDocs).toBe(before)
    await requestPasswordReset(payload, { identifier: subjectOwner }, from())
    const mail = await payload.find({ collection: 'email-outbox', where: { and: [{ to: { equals: subjectOwner } }, { subject: { equals: 'Reset your password' } }] }, overrideAccess: true })
    expect(mail.totalDocs).toBe(1)
  })

  it('is read by staff only (Local API as the user, and REST)', async () => {
    const developer = await makeUser(payload)
    const moderator = await makeUser(payload, 'moderator')
    const admin = await makeUser(payload, 'admin')
    await expect(payload.find({ collection: 'email-outbox', overrideAccess: false, user: developer })).rejects.toThrow()
    expect((await payload.find({ collection: 'email-outbox', overrideAccess: false, user: moderator })).totalDocs).toBeGreaterThan(0)
    expect((await payload.find({ collection: 'email-outbox', overrideAccess: false, user: admin })).totalDocs).toBeGreaterThan(0)

    expect((await api('GET', '/email-outbox')).status).toBe(403)
    expect((await api('GET', '/email-outbox', { auth: await sessionFor(payload, developer) })).status).toBe(403)
    const staff = await api('GET', '/email-outbox', { auth: await sessionFor(payload, moderator) })
    expect(staff.status).toBe(200)
    // Filtering the outbox by its contents is no way around the read rule either.
    expect((await api('GET', `/email-outbox?where[to][equals]=${encodeURIComponent(subjectOwner)}`, { auth: await sessionFor(payload, developer) })).status).toBe(403)
  })

  it('is written by nobody through the API, staff included', async () => {
    const admin = await makeUser(payload, 'admin')
    const res = await api('POST', '/email-outbox', { auth: await sessionFor(payload, admin), body: { to: 'x@example.test', subject: 'Planted', html: '', text: '' } })
    // The collection offers no create at all (src/access/operations.ts): the route is not there.
    expect(res.status).toBe(404)
    expect((await payload.count({ collection: 'email-outbox', where: { subject: { equals: 'Planted' } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})
