import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { Sql } from './types'

/** The drizzle handle of the request's transaction, so index writes commit or roll back with the change. */
export async function dbFor(req: PayloadRequest): Promise<Sql> {
  const adapter = req.payload.db as unknown as PostgresAdapter
  const id = req.transactionID ? await req.transactionID : undefined
  return ((id !== undefined && adapter.sessions?.[id]?.db) || adapter.drizzle) as unknown as Sql
}

/** The pool, for reads. */
export const poolOf = (payload: Payload): Sql => (payload.db as unknown as PostgresAdapter).drizzle as unknown as Sql
