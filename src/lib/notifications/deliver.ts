import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { drizzleOf } from '../db/sql'
import { env } from '../env'
import { notificationEmail } from '../email/notificationEmail'
import { unsubscribeToken, unsubscribeUrls } from '../email/unsubscribe'
import { isEmailKind, wantsEmail } from './kinds'

type Claimed = { id: string; user_id: string; type: string; title: string; text: string | null; link: string | null }

export type DeliveryCount = { sent: number; skipped: number; failed: number }

/**
 * Sends the emails of notifications written `pending` (./notify.ts), oldest first, `limit` at a time
 * until none is left (at most `maxBatches`).
 * Run by the `sendNotificationEmails` job (src/jobs), so no request waits on the mail server.
 *
 * A batch is claimed in one statement (marked `sent` with SKIP LOCKED), so two runners never send
 * one twice; each is then sent, or marked `skipped` (the kind is off, no verified address) or
 * `failed`. A failure is logged and not retried: a mail half-accepted by the server is not resent.
 * Only verified addresses get mail, so nobody can point the site's mail at someone else's inbox.
 */
export async function sendPendingEmails(payload: Payload, limit = 100, maxBatches = 50): Promise<DeliveryCount> {
  const count: DeliveryCount = { sent: 0, skipped: 0, failed: 0 }
  // Every pending mail in one run, batch after batch: with a single batch, a backlog (after the mail
  // server was down) would hold back today's mails behind it. Bounded, so one run ends.
  for (let i = 0; i < maxBatches; i++) {
    const claimed = await sendBatch(payload, limit, count)
    if (claimed < limit) break
  }
  return count
}

/** Claims and sends one batch, adding to `count`; returns how many it claimed. */
async function sendBatch(payload: Payload, limit: number, count: DeliveryCount): Promise<number> {
  const db = drizzleOf(payload)
  const { rows } = await db.execute(sql`
    UPDATE notifications SET email_status = 'sent' WHERE id IN (
      SELECT id FROM notifications WHERE email_status = 'pending' ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, user_id, type, title, text, link`)
  const claimed = rows as Claimed[]
  if (claimed.length === 0) return 0
  const users = await payload.find({
    collection: 'users',
    where: { id: { in: [...new Set(claimed.map((c) => c.user_id))] } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { email: true, username: true, emailVerified: true, emailNotifications: true },
  })
  const byId = new Map(users.docs.map((u) => [u.id, u]))
  const mark = (id: string, status: 'skipped' | 'failed') => db.execute(sql`UPDATE notifications SET email_status = ${status} WHERE id = ${id}`)
  const siteUrl = env.siteUrl()
  for (const n of claimed) {
    const user = byId.get(n.user_id)
    if (!isEmailKind(n.type) || !user?.email || !user.emailVerified || !wantsEmail(user.emailNotifications, n.type)) {
      await mark(n.id, 'skipped')
      count.skipped++
      continue
    }
    try {
      const mail = notificationEmail({ siteUrl, username: user.username ?? '', kind: n.type, title: n.title, text: n.text, link: n.link, unsubscribe: unsubscribeUrls(siteUrl, unsubscribeToken(payload.secret, user.id, n.type)) })
      await payload.sendEmail({ to: user.email, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers })
      count.sent++
    } catch (err) {
      payload.logger.error({ err, msg: 'Notification email failed', notification: n.id, kind: n.type })
      await mark(n.id, 'failed').catch(() => undefined)
      count.failed++
    }
  }
  return claimed.length
}
