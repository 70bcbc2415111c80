import { sql, type SQL } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

import { drizzleFor } from '../db/sql'
import { base62Id } from '../ids'
import { isEmailKind } from './kinds'
import type { NewNotification } from './messages'

const CHUNK = 500

/**
 * The INSERTs writing one notification `n` to each user (chunked). A kind that goes out by email is
 * written `pending`: the sender (./deliver.ts) picks it up once the transaction has committed, so a
 * rolled-back change sends nothing and the request never waits for a mail server.
 */
export function notificationInserts(userIds: (string | null | undefined)[], n: NewNotification): SQL[] {
  const users = [...new Set(userIds.filter((u): u is string => !!u))]
  const body = n.body ? JSON.stringify(n.body) : null
  const emailStatus = isEmailKind(n.type) ? 'pending' : null
  const statements: SQL[] = []
  for (let i = 0; i < users.length; i += CHUNK) {
    const rows = users.slice(i, i + CHUNK).map((u) => sql`(${base62Id()}, ${u}, ${n.type}, ${n.title}, ${n.text ?? null}, ${n.link ?? null}, false, ${body}::jsonb, ${emailStatus})`)
    statements.push(sql`INSERT INTO notifications (id, user_id, type, title, text, link, read, body, email_status) VALUES ${sql.join(rows, sql`, `)}`)
  }
  return statements
}

/**
 * Writes one notification to each user, inside the request's transaction (it rolls back with the
 * change it is about). Plain multi-row inserts: a project with thousands of followers is a few
 * statements, not thousands of documents written one by one. System writes: no access check.
 */
export async function notify(req: PayloadRequest, userIds: (string | null | undefined)[], n: NewNotification): Promise<number> {
  const statements = notificationInserts(userIds, n)
  if (statements.length === 0) return 0
  const db = await drizzleFor(req)
  for (const statement of statements) await db.execute(statement)
  return new Set(userIds.filter(Boolean)).size
}
