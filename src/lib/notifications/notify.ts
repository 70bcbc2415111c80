import { sql } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

import { drizzleFor } from '../db/sql'
import { base62Id } from '../ids'
import type { NewNotification } from './messages'

const CHUNK = 500

/**
 * Writes one notification to each user, inside the request's transaction (it rolls back with the
 * change it is about). Plain multi-row inserts: a project with thousands of followers is a few
 * statements, not thousands of documents written one by one. System writes: no access check.
 */
export async function notify(req: PayloadRequest, userIds: (string | null | undefined)[], n: NewNotification): Promise<number> {
  const users = [...new Set(userIds.filter((u): u is string => !!u))]
  if (users.length === 0) return 0
  const db = await drizzleFor(req)
  const body = n.body ? JSON.stringify(n.body) : null
  for (let i = 0; i < users.length; i += CHUNK) {
    const rows = users.slice(i, i + CHUNK).map((u) => sql`(${base62Id()}, ${u}, ${n.type}, ${n.title}, ${n.text ?? null}, ${n.link ?? null}, false, ${body}::jsonb)`)
    await db.execute(sql`INSERT INTO notifications (id, user_id, type, title, text, link, read, body) VALUES ${sql.join(rows, sql`, `)}`)
  }
  return users.length
}
