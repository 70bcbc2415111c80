import { sql } from '@payloadcms/db-postgres'
import type { BaseDatabaseAdapter, DatabaseAdapterObj } from 'payload'

import { EXACT_SESSIONS, exactSessionsValue, mergeSessions, type StoredSessionRow } from '../auth/mergeSessions'
import { adapterSql } from './sql'

/**
 * Keeps an account's sessions whole when several writes touch them at once.
 *
 * Payload stores sessions as an array on the user and every write of the user (a sign-in adding its
 * session, a sign-out, a token refresh, a profile edit) stores the whole array as the writer read it
 * a moment before. Two sign-ins at the same moment each stored "what I read + mine", so one new
 * session vanished and its token stopped working at once; an edit of the profile could do the same.
 *
 * Here every read of a user through the adapter remembers, per request, which sessions it saw (the
 * first read: what the writer's array was built from). A write of the user's sessions then takes a
 * per-account lock in its transaction (held until it commits, so such writes go one after another),
 * reads the sessions as they are now, and stores the three-way merge (src/lib/auth/mergeSessions.ts).
 *
 * A write that ends sessions for safety (src/lib/auth/sessions.ts `endSessions`) is stored as it
 * is: a sign-in finishing at that moment began before the password changed.
 *
 * Payload's own session writes (sign-in, refresh, sign-out) mark themselves with `updatedAt: null`
 * but carry the whole user as read: stored as they come, they would also undo a profile edit saved in
 * between. Those store the sessions alone.
 */
const COLLECTION = 'users'
const TABLE = 'users_sessions'

/** Per request: the session ids each user had when the request first read them. */
const baseOf = new WeakMap<object, Map<string, Set<string>>>()

type Row = { id: string; created_at: Date | string | null; expires_at: Date | string }

export function mergeSessionWrites<T extends BaseDatabaseAdapter>(adapter: DatabaseAdapterObj<T>): DatabaseAdapterObj<T> {
  return {
    ...adapter,
    init: (args) => {
      const db = adapter.init(args)
      const findOne = db.findOne.bind(db)
      db.findOne = (async (options) => {
        const doc = await findOne(options)
        const sessions = (doc as { sessions?: unknown } | null)?.sessions
        if (options.collection === COLLECTION && options.req && doc && Array.isArray(sessions)) {
          const byUser = baseOf.get(options.req) ?? new Map<string, Set<string>>()
          baseOf.set(options.req, byUser)
          const id = String((doc as { id: unknown }).id)
          if (!byUser.has(id)) byUser.set(id, new Set((sessions as StoredSessionRow[]).map((s) => s.id)))
        }
        return doc
      }) as typeof db.findOne

      const updateOne = db.updateOne.bind(db)
      db.updateOne = (async (options) => {
        const data = options.data as { sessions?: unknown } | undefined
        if (options.collection !== COLLECTION || options.id === undefined || !Array.isArray(data?.sessions)) return updateOne(options)
        const userId = String(options.id)
        const transactionID = options.req?.transactionID === undefined ? undefined : await options.req.transactionID
        const executor = adapterSql(db, transactionID)
        // Without a transaction there is nothing to hold the lock until the write is committed.
        if (executor.inTransaction) await executor.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${TABLE}:${userId}`}, 0))`)
        const { rows } = await executor.db.execute(sql`SELECT id, created_at, expires_at FROM ${sql.identifier(TABLE)} WHERE _parent_id = ${userId} ORDER BY _order`)
        const current = (rows as Row[]).map((r) => ({ id: r.id, createdAt: r.created_at, expiresAt: r.expires_at }))
        const byUser = options.req ? baseOf.get(options.req) : undefined
        const written = data.sessions as StoredSessionRow[]
        const exactly = options.req?.context?.[EXACT_SESSIONS] === exactSessionsValue(written.map((s) => s.id))
        const sessions = exactly ? written : mergeSessions(written, byUser?.get(userId), current)
        const sessionsOnly = (data as { updatedAt?: unknown }).updatedAt === null
        const result = await updateOne({ ...options, data: sessionsOnly ? { sessions, updatedAt: null } : { ...data, sessions } })
        // Later writes of this request build on what this one stored.
        byUser?.set(userId, new Set(sessions.map((s) => s.id)))
        return result
      }) as typeof db.updateOne
      return db
    },
  }
}
