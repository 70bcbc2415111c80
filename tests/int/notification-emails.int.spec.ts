/**
 * Notification emails (issue 34 item 2): each kind that matters sends one mail to the person it is
 * for, with a link to the thing and a signed unsubscribe link (and RFC 8058 headers); a kind turned
 * off sends nothing; the unsubscribe link (page and one-click POST) turns off that kind for that user
 * only, and a tampered one changes nothing; nobody changes another user's preferences. Mail is
 * caught by a local SMTP server; the sender runs as the job would (sendPendingEmails).
 */
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ProjectPermissions as P } from '../../src/access/core/permissions'
import type { EmailKind } from '../../src/lib/notifications/kinds'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { startMailbox, type Mail, type Mailbox } from '../helpers/mailbox'
import { credit, makeOrganization } from '../helpers/revenue'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

const SITE = 'http://site.test'
let mailbox: Mailbox
let payload: Payload
let w: World
let lib: {
  sendPendingEmails: typeof import('../../src/lib/notifications/deliver').sendPendingEmails
  unsubscribe: typeof import('../../src/lib/notifications/preferences').unsubscribe
  saveEmailPreferences: typeof import('../../src/lib/notifications/preferences').saveEmailPreferences
  viewerFor: typeof import('../../src/lib/data/viewer').viewerFor
  oneClick: typeof import('../../src/app/(frontend)/unsubscribe/one-click/route').POST
}

beforeAll(async () => {
  mailbox = await startMailbox()
  // The mail settings are read when the config loads: set them first, then load it.
  process.env.SMTP_HOST = '127.0.0.1'
  process.env.SMTP_PORT = String(mailbox.port)
  process.env.SMTP_SECURE = 'false'
  process.env.EMAIL_FROM = 'Blockforge Tests <tests@blockforge.local>'
  process.env.SITE_URL = SITE
  const { bootPayload } = await import('../helpers/payload')
  payload = await bootPayload()
  // Earlier files on this worker's database left mails pending (nobody ran their sender): not this
  // file's to send, and they would fill its sender's first batches.
  const { sqlPool } = await import('../../src/lib/db/sql')
  await sqlPool(payload).query(`UPDATE notifications SET email_status = 'skipped' WHERE email_status = 'pending'`)
  await seedTags(payload)
  w = await buildWorld(payload)
  lib = {
    ...(await import('../../src/lib/notifications/deliver')),
    ...(await import('../../src/lib/notifications/preferences')),
    ...(await import('../../src/lib/data/viewer')),
    oneClick: (await import('../../src/app/(frontend)/unsubscribe/one-click/route')).POST,
  }
})
afterAll(async () => {
  await mailbox?.close()
})

/** A user with a verified address (only those get mail). */
const person = (extra: Partial<User> = {}) => makeUser(payload, 'developer', { emailVerified: true, ...extra })
const mailsTo = (user: User) => mailbox.mails.filter((m) => m.to.includes(user.email!.toLowerCase()))
const header = (mail: Mail, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim()
const prefsOf = async (user: User) => (await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: true })).emailNotifications
const unsubscribeLink = (mail: Mail) => mail.links.find((l) => new URL(l).pathname === '/unsubscribe')!
const tokenOf = (mail: Mail) => new URL(unsubscribeLink(mail)).searchParams.get('token')!

/** Runs the sender and returns the one new mail to `user` (failing when there are none or several). */
async function onlyMailTo(user: User, before: number): Promise<Mail> {
  await lib.sendPendingEmails(payload)
  const mails = mailsTo(user).slice(before)
  expect(mails.map((m) => m.subject)).toHaveLength(1)
  return mails[0]
}

function expectWellFormed(mail: Mail, kind: EmailKind, link: string) {
  expect(mail.links).toContain(`${SITE}${link}`)
  expect(unsubscribeLink(mail)).toMatch(new RegExp(`^${SITE}/unsubscribe\\?token=[^.]+\\.${kind}\\.`))
  expect(header(mail, 'List-Unsubscribe')).toBe(`<${SITE}/unsubscribe/one-click?token=${tokenOf(mail)}>`)
  expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  expect(mail.raw).toMatch(/Content-Type: text\/plain/i)
  expect(mail.raw).toMatch(/Content-Type: text\/html/i)
}

describe('each kind sends one email to the right person', () => {
  it('a project invitation, and an organization invitation', async () => {
    const project = await w.makeProject('approved')
    const invitee = await person()
    const before = mailsTo(invitee).length
    await payload.create({ collection: 'team-members', data: { team: project.team as string, user: invitee.id, role: 'Helper', permissions: P.UPLOAD_VERSION }, user: w.users.owner, overrideAccess: false })
    const mail = await onlyMailTo(invitee, before)
    expect(mail.subject).toBe(`You have been invited to join ${project.title}`)
    expectWellFormed(mail, 'team_invite', `/mod/${project.slug}`)
    expect(mailsTo(w.users.owner)).toHaveLength(0)

    const orgOwner = await person()
    const orgId = await makeOrganization(payload, [{ user: orgOwner }])
    const org = await payload.findByID({ collection: 'organizations', id: orgId, depth: 0, overrideAccess: true })
    const orgInvitee = await person()
    await payload.create({ collection: 'team-members', data: { team: org.team as string, user: orgInvitee.id, role: 'Member' }, overrideAccess: true })
    const orgMail = await onlyMailTo(orgInvitee, 0)
    expect(orgMail.subject).toBe(`You have been invited to join the organization ${org.name}`)
    expectWellFormed(orgMail, 'team_invite', `/organization/${org.slug}`)
  })

  it('a moderator’s decision on one’s project (rejected, then approved), to the team but not the moderator', async () => {
    await payload.update({ collection: 'users', id: w.users.owner.id, data: { emailVerified: true }, overrideAccess: true })
    await payload.update({ collection: 'users', id: w.users.moderator.id, data: { emailVerified: true }, overrideAccess: true })
    const project = await w.makeProject('processing')
    const before = mailsTo(w.users.owner).length
    await payload.update({ collection: 'projects', id: project.id, data: { status: 'rejected' }, user: w.users.moderator, overrideAccess: false })
    const rejected = await onlyMailTo(w.users.owner, before)
    expect(rejected.subject).toBe(`${project.title} has been rejected`)
    expect(rejected.body).toContain('fix what they asked and resubmit')
    expectWellFormed(rejected, 'status_change', `/mod/${project.slug}`)
    await payload.update({ collection: 'projects', id: project.id, data: { status: 'processing' }, overrideAccess: true, context: { system: true } })
    await payload.update({ collection: 'projects', id: project.id, data: { status: 'approved' }, user: w.users.moderator, overrideAccess: false })
    expect((await onlyMailTo(w.users.owner, before + 1)).subject).toBe(`${project.title} has been approved`)
    expect(mailsTo(w.users.moderator)).toHaveLength(0)
  })

  it('a report answered by a moderator, and closed', async () => {
    const reporter = await person()
    const report = await payload.create({ collection: 'reports', data: { reportType: 'spam', itemType: 'project', itemId: (await w.makeProject('approved')).id, body: 'Spam.' }, user: { ...reporter, collection: 'users' }, overrideAccess: false })
    const thread = (await payload.findByID({ collection: 'reports', id: report.id, depth: 0, overrideAccess: true })).thread as string
    // The reporter's own message is no news to them.
    await payload.create({ collection: 'thread-messages', data: { thread, text: 'More detail.' }, user: { ...reporter, collection: 'users' }, overrideAccess: false })
    await payload.create({ collection: 'thread-messages', data: { thread, text: 'Looking into it.' }, user: w.users.moderator, overrideAccess: false })
    const reply = await onlyMailTo(reporter, 0)
    expect(reply.subject).toBe('A moderator replied to your report')
    expectWellFormed(reply, 'report_answered', `/dashboard/report/${report.id}`)
    const { setReportClosed } = await import('../../src/lib/reports/service')
    await setReportClosed(await lib.viewerFor(payload, w.users.moderator), report.id, true)
    const closed = await onlyMailTo(reporter, 1)
    expect(closed.subject).toBe('Your report has been closed')
    expectWellFormed(closed, 'report_answered', `/dashboard/report/${report.id}`)
  })

  it('a failed subscription renewal', async () => {
    const subscriber = await person()
    const { inTransaction, sql } = await import('../../src/plugins/billing/service/db')
    const { applyOutcome } = await import('../../src/plugins/billing/service/apply')
    const chargeId = `ch${Date.now().toString(36)}`
    await inTransaction(payload, async (tx) => {
      await tx.rows(sql`INSERT INTO charges (id, user_id, type, status, amount, currency, due, attempts) VALUES (${chargeId}, ${subscriber.id}, 'renewal', 'processing', 499, 'USD', now(), 1)`)
      expect(await applyOutcome(tx, { chargeId, attempt: 1, outcome: { status: 'failed', paymentId: null, message: 'Your card was declined.' } })).toBe('failed')
    })
    const mail = await onlyMailTo(subscriber, 0)
    expect(mail.subject).toBe('Your subscription payment failed')
    expectWellFormed(mail, 'subscription_payment_failed', '/settings/billing')
  })

  it('a payout sent', async () => {
    const creator = await person()
    await credit(payload, creator.id, 10_000_000n)
    const { withdraw } = await import('../../src/plugins/revenue/service/withdraw')
    const w1 = await withdraw(payload, creator.id, { rail: 'test', amount: 6_000_000n, destination: 'me@example.test' })
    expect(w1.status).toBe('succeeded')
    const mail = await onlyMailTo(creator, 0)
    expect(mail.subject).toBe('Your payout of $6.00 has been sent')
    expectWellFormed(mail, 'payout', '/dashboard/revenue/transfers')
  })

  it('a new version of a followed project only to followers who asked for it (off by default)', async () => {
    const project = await w.makeProject('approved')
    const [fan, quiet] = [await person({ emailNotifications: { project_update: true } }), await person()]
    for (const u of [fan, quiet]) await payload.create({ collection: 'follows', data: { user: u.id, project: project.id }, overrideAccess: true })
    await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '7.0.0', gameVersions: ['1.21'], loaders: ['fabric'], status: 'listed' }, user: w.users.owner, overrideAccess: false })
    const mail = await onlyMailTo(fan, 0)
    expect(mail.subject).toBe(`${project.title} has been updated`)
    expectWellFormed(mail, 'project_update', `/mod/${project.slug}/version/7.0.0`)
    expect(mailsTo(quiet)).toHaveLength(0)
  })

  it('nothing to an unverified address, and a notification is mailed once however often the sender runs', async () => {
    const project = await w.makeProject('approved')
    const unverified = await makeUser(payload)
    await payload.create({ collection: 'team-members', data: { team: project.team as string, user: unverified.id, role: 'Helper' }, overrideAccess: true })
    await lib.sendPendingEmails(payload)
    await lib.sendPendingEmails(payload)
    expect(mailsTo(unverified)).toHaveLength(0)
    const [n] = (await payload.find({ collection: 'notifications', where: { user: { equals: unverified.id } }, overrideAccess: true })).docs
    expect(n.emailStatus).toBe('skipped')
  })
})

describe('preferences', () => {
  it('a kind turned off in the settings sends no email (the notification is still there)', async () => {
    const invitee = await person()
    expect(await lib.saveEmailPreferences(await lib.viewerFor(payload, { ...invitee, collection: 'users' }), { team_invite: false, status_change: true, report_answered: true, subscription_payment_failed: true, payout: true, project_update: false })).toBe(true)
    expect(await prefsOf(invitee)).toMatchObject({ team_invite: false, status_change: true })
    const project = await w.makeProject('approved')
    await payload.create({ collection: 'team-members', data: { team: project.team as string, user: invitee.id, role: 'Helper' }, overrideAccess: true })
    await lib.sendPendingEmails(payload)
    expect(mailsTo(invitee)).toHaveLength(0)
    expect((await payload.find({ collection: 'notifications', where: { user: { equals: invitee.id } }, overrideAccess: true })).docs.map((n) => n.type)).toEqual(['team_invite'])
  })

  it('nobody changes another user’s preferences: not a stranger, not an admin; the owner may', async () => {
    const victim = await person()
    for (const actor of [w.users.stranger, w.users.admin]) {
      await expect(payload.update({ collection: 'users', id: victim.id, data: { emailNotifications: { payout: false } }, user: actor, overrideAccess: false })).rejects.toThrow()
    }
    expect((await prefsOf(victim))?.payout).toBe(true)
    await payload.update({ collection: 'users', id: victim.id, data: { emailNotifications: { payout: false } }, user: { ...victim, collection: 'users' }, overrideAccess: false })
    expect((await prefsOf(victim))?.payout).toBe(false)
  })

  it('the settings input is checked: unknown kinds or non-booleans are refused', async () => {
    const me = await lib.viewerFor(payload, { ...(await person()), collection: 'users' })
    expect(await lib.saveEmailPreferences(me, { team_invite: 'no' })).toBe(false)
    expect(await lib.saveEmailPreferences(me, { team_invite: false, status_change: true, report_answered: true, subscription_payment_failed: true, payout: true, project_update: false, role: 'admin' })).toBe(false)
  })
})

describe('unsubscribe links', () => {
  /** A user with a payout mail in hand (its unsubscribe token), and a bystander with one too. */
  async function mailed() {
    const user = await person()
    const project = await w.makeProject('approved')
    await payload.create({ collection: 'team-members', data: { team: project.team as string, user: user.id, role: 'Helper' }, overrideAccess: true })
    return { user, token: tokenOf(await onlyMailTo(user, 0)) }
  }

  it('the link’s page turns that kind off for that user only', async () => {
    const [a, b] = [await mailed(), await mailed()]
    expect(await lib.unsubscribe(payload, a.token)).toEqual({ kind: 'team_invite' })
    expect(await prefsOf(a.user)).toMatchObject({ team_invite: false, status_change: true, payout: true })
    expect((await prefsOf(b.user))?.team_invite).toBe(true)
    // Followed again, it still answers (and stays off).
    expect(await lib.unsubscribe(payload, a.token)).toEqual({ kind: 'team_invite' })
  })

  it('one-click POST (RFC 8058) turns it off without a session', async () => {
    const [a, b] = [await mailed(), await mailed()]
    const res = await lib.oneClick(new Request(`${SITE}/unsubscribe/one-click?token=${encodeURIComponent(a.token)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }))
    expect(res.status).toBe(200)
    expect((await prefsOf(a.user))?.team_invite).toBe(false)
    expect((await prefsOf(b.user))?.team_invite).toBe(true)
  })

  it('a tampered token is refused and changes nothing', async () => {
    const [a, b] = [await mailed(), await mailed()]
    const [userId, kind, signature] = a.token.split('.')
    const flipped = signature.slice(0, -2) + (signature.slice(-2) === 'AA' ? 'BB' : 'AA')
    const tampered = [
      `${userId}.${kind}.${flipped}`, // the signature changed
      `${userId}.payout.${signature}`, // another kind
      `${b.user.id}.${kind}.${signature}`, // another user
      `${userId}.${kind}`, // no signature
      'not a token',
    ]
    for (const token of tampered) {
      expect(await lib.unsubscribe(payload, token), token).toBeNull()
      const res = await lib.oneClick(new Request(`${SITE}/unsubscribe/one-click?token=${encodeURIComponent(token)}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }))
      expect(res.status, token).toBe(400)
    }
    expect(await prefsOf(a.user)).toMatchObject({ team_invite: true, payout: true })
    expect(await prefsOf(b.user)).toMatchObject({ team_invite: true, payout: true })
  })
})
