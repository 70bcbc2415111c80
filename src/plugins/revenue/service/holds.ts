import type { Payload } from 'payload'

import { base62Id } from '../../../lib/ids'
import type { RevenueStaffAct } from '../collections/records'
import { db, inTransaction, sql, type Tx } from './db'
import { RevenueError } from './errors'
import { lockUserAccount } from './ledger'

/*
 * Staff holds on a creator's balance (issue 30; /admin/revenue/{id}): a held balance keeps growing
 * with revenue but nothing leaves it — no withdrawal, no "Pay Blockforge" — until staff release it.
 * The hold itself is a row of `revenue_holds` (migration `revenue_payouts`); each hold and release
 * is recorded in `revenue-staff-acts` with who did it and why, in the same transaction, under the
 * user's account lock (a withdrawal under way finishes first, or sees the hold).
 */

export type Hold = { reason: string; staffId: string | null; heldAt: Date }

/** What a creator reads when a held balance refuses to move. */
export const HELD_MESSAGE = 'Your balance is on hold, so nothing can be withdrawn or paid from it for now. Contact support to find out why and what to do.'

export async function holdIn(tx: Pick<Tx, 'one'>, userId: string): Promise<Hold | null> {
  const row = await tx.one<{ reason: string; staff_id: string | null; held_at: string | Date }>(sql`SELECT reason, staff_id, held_at FROM revenue_holds WHERE user_id = ${userId}`)
  return row ? { reason: row.reason, staffId: row.staff_id, heldAt: new Date(row.held_at) } : null
}

export const holdOf = (payload: Payload, userId: string): Promise<Hold | null> => holdIn(db(payload), userId)

const needReason = (reason: string): string => {
  const text = reason.trim()
  if (!text) throw new RevenueError('Give a reason: it is kept with the act.')
  return text
}

async function record(tx: Tx, act: { userId: string; staffId: string; act: RevenueStaffAct; reason: string }): Promise<void> {
  await tx.rows(sql`
    INSERT INTO revenue_staff_acts (id, user_id, staff_id, act, reason, updated_at, created_at)
    VALUES (${base62Id()}, ${act.userId}, ${act.staffId}, ${act.act}, ${act.reason}, clock_timestamp(), clock_timestamp())`)
}

async function lockUser(tx: Tx, userId: string): Promise<void> {
  if (!(await tx.one(sql`SELECT 1 FROM users WHERE id = ${userId}`))) throw new RevenueError('That user was not found.')
  await lockUserAccount(tx, userId)
}

/**
 * Holds a user's balance (the caller has checked the actor is staff: src/access/core/roles.ts
 * `canManageRevenue`). Refused when it is already held: the first hold's reason stands.
 */
export async function holdBalance(payload: Payload, staffId: string, input: { userId: string; reason: string }): Promise<void> {
  const reason = needReason(input.reason)
  await inTransaction(payload, async (tx) => {
    await lockUser(tx, input.userId)
    if (await holdIn(tx, input.userId)) throw new RevenueError('This balance is on hold already.')
    await tx.rows(sql`INSERT INTO revenue_holds (user_id, reason, staff_id, held_at) VALUES (${input.userId}, ${reason}, ${staffId}, clock_timestamp())`)
    await record(tx, { userId: input.userId, staffId, act: 'hold', reason })
  })
}

/** Releases a held balance: the creator may withdraw and pay from it again. */
export async function releaseBalance(payload: Payload, staffId: string, input: { userId: string; reason: string }): Promise<void> {
  const reason = needReason(input.reason)
  await inTransaction(payload, async (tx) => {
    await lockUser(tx, input.userId)
    const released = await tx.rows(sql`DELETE FROM revenue_holds WHERE user_id = ${input.userId} RETURNING user_id`)
    if (!released.length) throw new RevenueError('This balance is not on hold.')
    await record(tx, { userId: input.userId, staffId, act: 'release', reason })
  })
}

/** Every held balance, oldest hold first (the staff overview). */
export async function heldBalances(payload: Payload): Promise<{ userId: string; reason: string; heldAt: Date }[]> {
  const rows = await db(payload).rows<{ user_id: string; reason: string; held_at: string | Date }>(sql`SELECT user_id, reason, held_at FROM revenue_holds ORDER BY held_at, user_id LIMIT 500`)
  return rows.map((r) => ({ userId: r.user_id, reason: r.reason, heldAt: new Date(r.held_at) }))
}
