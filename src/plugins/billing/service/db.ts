import { sql, type SQL } from 'drizzle-orm'
import type { Payload } from 'payload'

import { drizzleOf as drizzleOfPayload } from '../../../lib/db/sql'

/**
 * Billing's state changes are plain SQL in one transaction each: a charge is locked (`FOR UPDATE`)
 * and moved only from the status the change expects, so a replayed webhook, a second renewal
 * runner or a double click finds nothing to do.
 */
type Executor = { execute: (query: SQL) => Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null }> }
type Drizzle = Executor & { transaction: <T>(fn: (tx: Executor) => Promise<T>) => Promise<T> }

export type Tx = {
  rows: <T = Record<string, unknown>>(query: SQL) => Promise<T[]>
  one: <T = Record<string, unknown>>(query: SQL) => Promise<T | null>
}

// Drizzle's node-postgres handle, whose `transaction` billing uses (lib/db/sql.ts types only `execute`).
const drizzleOf = (payload: Payload): Drizzle => drizzleOfPayload(payload) as unknown as Drizzle

// Payload's pool hands timestamps back as text; billing's rows use them as dates.
const DATE_COLUMNS = ['due', 'period_end', 'last_attempt', 'created_at', 'updated_at'] as const
function withDates(row: Record<string, unknown>): Record<string, unknown> {
  for (const key of DATE_COLUMNS) if (typeof row[key] === 'string') row[key] = new Date(row[key] as string)
  return row
}

const wrap = (executor: Executor): Tx => ({
  rows: async <T>(query: SQL) => (await executor.execute(query)).rows.map(withDates) as T[],
  one: async <T>(query: SQL) => ((await executor.execute(query)).rows.map(withDates)[0] as T | undefined) ?? null,
})

export const inTransaction = <T>(payload: Payload, fn: (tx: Tx) => Promise<T>): Promise<T> => drizzleOf(payload).transaction((tx) => fn(wrap(tx)))
export const db = (payload: Payload): Tx => wrap(drizzleOf(payload))
export { sql }
