import type { Payload } from 'payload'

import { sqlPool } from '../db/sql'

/**
 * Review locks (reference: labrinth's moderation locks): a moderator who opens a project in the queue
 * takes it, so two moderators never decide the same project at once. A lock lapses after
 * LOCK_MINUTES without being renewed (reopening the project renews it); an admin may take over
 * (override); the holder releases it, and a decision ends it. Each step is one SQL statement, so
 * two moderators racing for the same project cannot both win.
 */
export const LOCK_MINUTES = 15

export type Lock = { projectId: string; moderatorId: string; lockedAt: string; expiresAt: string }
export type TakeResult = { ok: true; lock: Lock } | { ok: false; heldBy: Lock }

type Row = { project_id: string; moderator_id: string; locked_at: Date }
const toLock = (r: Row): Lock => ({ projectId: r.project_id, moderatorId: r.moderator_id, lockedAt: r.locked_at.toISOString(), expiresAt: new Date(r.locked_at.getTime() + LOCK_MINUTES * 60_000).toISOString() })
const ttl = `${LOCK_MINUTES} minutes`

/** The live lock on a project, if any (a lapsed one is no lock). */
export async function lockOf(payload: Payload, projectId: string): Promise<Lock | null> {
  const { rows } = await sqlPool(payload).query<Row>(`SELECT * FROM moderation_locks WHERE project_id = $1 AND locked_at > now() - $2::interval`, [projectId, ttl])
  return rows[0] ? toLock(rows[0]) : null
}

/** Live locks of several projects, by project id (for the queue). */
export async function locksOf(payload: Payload, projectIds: string[]): Promise<Map<string, Lock>> {
  if (projectIds.length === 0) return new Map()
  const { rows } = await sqlPool(payload).query<Row>(`SELECT * FROM moderation_locks WHERE project_id = ANY($1) AND locked_at > now() - $2::interval`, [projectIds, ttl])
  return new Map(rows.map((r) => [r.project_id, toLock(r)]))
}

/**
 * Takes (or renews) the lock for this moderator. Refused, naming the holder, while someone else's
 * lock is live — unless `override` (admins only: the caller checks the role).
 */
export async function takeLock(payload: Payload, projectId: string, moderatorId: string, { override = false } = {}): Promise<TakeResult> {
  const { rows } = await sqlPool(payload).query<Row>(
    `INSERT INTO moderation_locks (project_id, moderator_id, locked_at) VALUES ($1, $2, now())
     ON CONFLICT (project_id) DO UPDATE SET moderator_id = EXCLUDED.moderator_id, locked_at = now()
       WHERE $3 OR moderation_locks.moderator_id = EXCLUDED.moderator_id OR moderation_locks.locked_at <= now() - $4::interval
     RETURNING *`,
    [projectId, moderatorId, override, ttl],
  )
  if (rows[0]) return { ok: true, lock: toLock(rows[0]) }
  const held = await lockOf(payload, projectId)
  // Lapsed between the two statements: try once more.
  return held ? { ok: false, heldBy: held } : takeLock(payload, projectId, moderatorId, { override })
}

/** Ends the lock: the holder's own (or anyone's with `any`, for admins and after a decision). */
export async function releaseLock(payload: Payload, projectId: string, moderatorId: string, { any = false } = {}): Promise<boolean> {
  const { rowCount } = await sqlPool(payload).query(`DELETE FROM moderation_locks WHERE project_id = $1 AND ($3 OR moderator_id = $2)`, [projectId, moderatorId, any])
  return (rowCount ?? 0) > 0
}

/** Whether someone other than this moderator holds a live lock on the project. */
export async function lockedByOther(payload: Payload, projectId: string, moderatorId: string): Promise<Lock | null> {
  const lock = await lockOf(payload, projectId)
  return lock && lock.moderatorId !== moderatorId ? lock : null
}
