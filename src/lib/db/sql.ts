import type {} from '@payloadcms/db-postgres' // its augmentation of Payload's DatabaseAdapter: `pool`, `drizzle`, `sessions`
import type { SQL } from 'drizzle-orm'
import type { BaseDatabaseAdapter, Payload, PayloadRequest } from 'payload'
import type { ClientConfig, Pool } from 'pg'

/**
 * Raw SQL, the one way in: every statement the Local API cannot express (counters, locks, the search
 * tables, set-based reads) reaches the database through these helpers, never by reaching into
 * `payload.db` at the call site. The adapter is Postgres (payload.config.ts).
 *
 * - `sqlPool(payload)`: node-postgres's pool, for `pool.query(text, values)` outside any transaction.
 * - `drizzleOf(payload)`: drizzle on the pool, for `sql\`…\`` statements outside any transaction.
 * - `drizzleFor(req)`: drizzle on the request's transaction when it has one (a write then commits or
 *   rolls back with the request's change), else on the pool.
 * - `connectionConfig(payload)`: the pool's settings, for a connection of one's own (LISTEN, session locks).
 * - `adapterSql(adapter, id)`: as `drizzleFor`, for code that wraps the adapter and has no request.
 */

/** Runs a drizzle `sql` statement and returns its rows. */
export type Sql = { execute: (query: SQL) => Promise<{ rows: Record<string, unknown>[] }> }

export const sqlPool = (payload: Payload): Pool => payload.db.pool

/** The pool's connection settings without its size: what a connection of one's own needs. */
export function connectionConfig(payload: Payload): ClientConfig {
  const { max: _max, ...connection } = payload.db.pool.options
  return connection
}

export const drizzleOf = (payload: Payload): Sql => payload.db.drizzle

type AdapterInternals = { drizzle: Sql; sessions?: Record<string | number, { db: Sql } | undefined> }

/**
 * Drizzle on transaction `id` of `adapter` when it is open (`inTransaction`), else on its pool. For
 * code that wraps the adapter itself (src/lib/db/sessionWrites.ts); everything else has a request.
 */
export function adapterSql(adapter: BaseDatabaseAdapter, id: number | string | null | undefined): { db: Sql; inTransaction: boolean } {
  const internals = adapter as unknown as AdapterInternals
  const session = id === undefined || id === null ? undefined : internals.sessions?.[id]?.db
  return session ? { db: session, inTransaction: true } : { db: internals.drizzle, inTransaction: false }
}

/** Drizzle on `req`'s transaction when it has one, else on the pool. */
export async function drizzleFor(req: Pick<PayloadRequest, 'payload' | 'transactionID'>): Promise<Sql> {
  const id = req.transactionID ? await req.transactionID : undefined
  return adapterSql(req.payload.db, id).db
}
