import type { Payload } from 'payload'
import pg from 'pg'

import { connectionConfig } from '../../../lib/db/sql'
import { sql, type Tx } from './db'
import { HostingError } from './rows'

/*
 * The server's advisory lock (`server:<id>`), which the reconciler, staff's acts and a move take so
 * that two of them never act on one server at once. Short acts hold it for their transaction; a
 * move, which copies a whole world between nodes, holds it on a connection of its own for as long
 * as it takes, outside any transaction (src/jobs/runner.ts does the same for the job queues).
 */

export const BUSY = 'This server is being moved or changed right now. Try again in a minute.'
const key = (id: string) => `server:${id}`

/**
 * Takes the lock for the caller's transaction, waiting a little for a reconciler step; a move holds
 * it for minutes, and a staff act waiting that long would keep a transaction (a pool connection) open.
 */
export async function lockServer(tx: Tx, id: string): Promise<void> {
  await tx.rows(sql`SET LOCAL lock_timeout = '15s'`)
  try {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key(id)}, 0))`)
  } catch (error) {
    // 55P03 lock_not_available (drizzle may wrap the driver's error in its own).
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code
    if (code === '55P03') throw new HostingError(BUSY)
    throw error
  }
}

/** Runs `work` holding the lock on a connection of its own, or refuses at once when someone holds it. */
export async function withServerLock<T>(payload: Payload, id: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client(connectionConfig(payload))
  // A dropped connection frees the lock; the work goes on (the server's status keeps others off).
  client.on('error', (err) => payload.logger.warn({ err, msg: 'server lock connection lost', server: id }))
  await client.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key(id)])
    if (!rows[0]?.locked) throw new HostingError(BUSY)
    try {
      return await work()
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key(id)]).catch(() => undefined)
    }
  } finally {
    await client.end().catch(() => undefined)
  }
}
