import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { User } from '../../payload-types'
import { markSessionUsed } from '../db/lastUse'
import { EXACT_SESSIONS, exactSessionsValue } from './mergeSessions'
import { describeUserAgent } from './userAgent'

/** How often a session's "last accessed" is written: once per this many milliseconds of use. */
export const TOUCH_INTERVAL_MS = 5 * 60_000

export type SessionSummary = {
  id: string
  os: string | null
  platform: string | null
  userAgent: string | null
  created: string
  lastAccessed: string
  expires: string
  current: boolean
}

/** The session id (`sid`) a Payload session token carries; null for anything else. */
export function sessionIdOf(token: string | null | undefined): string | null {
  const part = token?.split('.')[1]
  if (!part) return null
  try {
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { sid?: unknown }
    return typeof claims.sid === 'string' ? claims.sid : null
  } catch {
    return null
  }
}

/**
 * Notes a new session's device (Users `afterLogin`: every sign-in, on the site, in /admin, on /api or
 * through GraphQL), inside the sign-in's own transaction.
 */
export async function recordSession(req: PayloadRequest, userId: string, token: string | undefined, label?: { platform: string }): Promise<void> {
  const sid = sessionIdOf(token)
  if (!sid) return
  const userAgent = req.headers?.get('user-agent') ?? null
  const device = describeUserAgent(userAgent)
  const os = device.os
  const platform = label?.platform ?? device.platform
  await req.payload.create({
    collection: 'session-details',
    data: { sid, user: userId, os, platform, userAgent: userAgent?.slice(0, 512) ?? null, lastAccessed: new Date().toISOString() },
    overrideAccess: true,
    req,
    depth: 0,
  })
}

const lastTouched = new Map<string, number>()

/**
 * Marks a session as used now. Written at most once per TOUCH_INTERVAL_MS per process and never
 * awaited by the request it serves: it is bookkeeping.
 */
export function touchSession(payload: Payload, sid: string | null | undefined, now = Date.now()): void {
  if (!sid) return
  const last = lastTouched.get(sid) ?? 0
  if (now - last < TOUCH_INTERVAL_MS) return
  lastTouched.set(sid, now)
  if (lastTouched.size > 10_000) lastTouched.clear()
  markSessionUsed(payload, sid, new Date(now))
}

type StoredSession = { id: string; createdAt?: string | null; expiresAt: string }

async function liveSessions(payload: Payload, userId: string): Promise<StoredSession[]> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, showHiddenFields: true, disableErrors: true })
  const now = Date.now()
  return ((user?.sessions ?? []) as StoredSession[]).filter((s) => new Date(s.expiresAt).getTime() > now)
}

/** The account's live sessions, newest first, with what is known of each device. */
export async function listSessions(payload: Payload, userId: string, currentSid: string | null | undefined): Promise<SessionSummary[]> {
  const sessions = await liveSessions(payload, userId)
  if (sessions.length === 0) return []
  const details = await payload.find({ collection: 'session-details', where: { sid: { in: sessions.map((s) => s.id) } }, limit: sessions.length, depth: 0, overrideAccess: true, pagination: false })
  const bySid = new Map(details.docs.map((d) => [d.sid, d]))
  // Rows of sessions that ended elsewhere (sign-out, a password change, expiry) go now.
  void payload
    .delete({ collection: 'session-details', where: { and: [{ user: { equals: userId } }, { sid: { not_in: sessions.map((s) => s.id) } }] }, overrideAccess: true })
    .catch(() => undefined)
  return sessions
    .map((s) => {
      const d = bySid.get(s.id)
      const created = s.createdAt ?? d?.createdAt ?? s.expiresAt
      return { id: s.id, os: d?.os ?? null, platform: d?.platform ?? null, userAgent: d?.userAgent ?? null, created, lastAccessed: d?.lastAccessed ?? created, expires: s.expiresAt, current: s.id === currentSid }
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.created.localeCompare(a.created))
}

/**
 * Ends every session of the account but those in `keep` — also one begun a moment ago, while this
 * ran (a sign-in that raced a password change). `data` is saved in the same write.
 */
export async function endSessions(payload: Payload, userId: string, keep: readonly string[] = [], options: { req?: PayloadRequest; data?: Partial<User> } = {}): Promise<void> {
  const req = options.req ?? (await createLocalReq({}, payload))
  const stored = keep.length ? await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, showHiddenFields: true, disableErrors: true, req }) : null
  const sessions = ((stored?.sessions ?? []) as StoredSession[]).filter((s) => keep.includes(s.id))
  req.context[EXACT_SESSIONS] = exactSessionsValue(sessions.map((s) => s.id))
  await payload.update({ collection: 'users', id: userId, data: { ...options.data, sessions }, overrideAccess: true, depth: 0, req })
}

/**
 * Ends one of the account's sessions: its token stops working on the next request everywhere (the
 * site, /admin, /api, /v2), since Payload checks the session id on every request. False when the
 * account has no such session.
 */
export async function revokeSession(payload: Payload, userId: string, sid: string): Promise<boolean> {
  // One request for the read and the write: the write's sessions are built from this read, which is
  // what src/lib/db/sessionWrites.ts merges against (sign-ins made in between are kept).
  const req = await createLocalReq({}, payload)
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, showHiddenFields: true, disableErrors: true, req })
  const sessions = (user?.sessions ?? []) as StoredSession[]
  if (!sessions.some((s) => s.id === sid)) return false
  await payload.update({ collection: 'users', id: userId, data: { sessions: sessions.filter((s) => s.id !== sid) }, overrideAccess: true, depth: 0, req })
  await payload.delete({ collection: 'session-details', where: { sid: { equals: sid } }, overrideAccess: true })
  lastTouched.delete(sid)
  return true
}
