import type { Where } from 'payload'

import { isStaff, actorOf } from '../../access/core/roles'
import { sqlPool } from '../db/sql'
import { relationId } from '../ids'
import { locksOf, type Lock } from '../moderation/locks'
import { estimateWait, median, type WaitEstimate } from '../moderation/wait'
import type { Project, ThreadMessage, User } from '../../payload-types'
import { projectPath } from '../search/displayType'
import { imagesByIds } from './images'
import { imageUrl } from './profile-pages'
import { as, type Viewer } from './viewer'

/** Decisions that end a review (a withdrawal to draft is the team's, not a decision). */
const DECIDED = ['approved', 'unlisted', 'private', 'archived', 'rejected', 'withheld']

export const QUEUE_SORTS = ['oldest', 'newest'] as const
export type QueueSort = (typeof QUEUE_SORTS)[number]
export type QueueQuery = { type?: string; sort: QueueSort; q?: string }
export type QueueItem = { id: string; title: string; slug: string; projectType: string; path: string; iconUrl: string | null; summary: string; queued: string; lock: (Lock & { moderator: string }) | null }

export const isModerator = (viewer: Viewer) => isStaff(actorOf(viewer.req))

/** The review queue (projects under review), oldest submission first unless asked otherwise; null for non-staff. */
export async function moderationQueue(viewer: Viewer, query: QueueQuery): Promise<QueueItem[] | null> {
  if (!isModerator(viewer)) return null
  const and: Where[] = [{ status: { equals: 'processing' } }]
  if (query.type) and.push({ projectType: { equals: query.type } })
  const q = query.q?.trim()
  if (q) and.push({ or: [{ title: { like: q } }, { slug: { like: q } }, { id: { equals: q } }] })
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { and }, sort: query.sort === 'newest' ? '-queued' : 'queued', limit: 200, depth: 0, joins: false, ...as(viewer) })
  const [locks, icons] = await Promise.all([locksOf(viewer.payload, docs.map((d) => d.id)), imagesByIds(viewer, docs.map((d) => relationId(d.icon)).filter((i): i is string => !!i))])
  const moderators = await usernames(viewer, [...locks.values()].map((l) => l.moderatorId))
  return docs.map((p) => {
    const lock = locks.get(p.id)
    return {
      id: p.id,
      title: p.title,
      slug: p.slug ?? p.id,
      projectType: p.projectType,
      path: projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id),
      iconUrl: imageUrl(icons.get(relationId(p.icon) ?? '')),
      summary: p.summary ?? '',
      queued: p.queued ?? p.published ?? p.createdAt,
      lock: lock ? { ...lock, moderator: moderators.get(lock.moderatorId) ?? lock.moderatorId } : null,
    }
  })
}

async function usernames(viewer: Viewer, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const { docs } = await viewer.payload.find({ collection: 'users', where: { id: { in: unique } }, pagination: false, depth: 0, select: { username: true }, ...as(viewer) })
  return new Map((docs as User[]).map((u) => [u.id, u.username]))
}

/**
 * Review waits of the last 30 days (ms from submission to decision), from the projects' threads:
 * each decision paired with the submission before it. Optionally the deciding moderator's only.
 */
export async function recentReviewWaits(viewer: Viewer, moderatorId?: string): Promise<number[]> {
  const { rows } = await sqlPool(viewer.payload).query<{ ms: string }>(
    `SELECT EXTRACT(EPOCH FROM (d.created_at - s.created_at)) * 1000 AS ms
       FROM thread_messages d
       JOIN LATERAL (SELECT created_at FROM thread_messages s WHERE s.thread_id = d.thread_id AND s.type = 'status_change' AND s.new_status = 'processing' AND s.created_at <= d.created_at ORDER BY s.created_at DESC LIMIT 1) s ON true
      WHERE d.type = 'status_change' AND d.old_status = 'processing' AND d.new_status = ANY($1) AND d.created_at > now() - interval '30 days'
        AND ($2::varchar IS NULL OR d.author_id = $2)`,
    [DECIDED, moderatorId ?? null],
  )
  return rows.map((r) => Number(r.ms)).filter((ms) => Number.isFinite(ms) && ms >= 0)
}

/** Where a project under review stands: its place in the queue and the typical wait (null when not under review). */
export async function reviewWaitOf(viewer: Viewer, project: Pick<Project, 'status' | 'queued' | 'published' | 'createdAt'>): Promise<WaitEstimate | null> {
  if (project.status !== 'processing') return null
  const [{ rows }, waits] = await Promise.all([
    // Only the submission times of the queue: no project of anyone else is read.
    sqlPool(viewer.payload).query<{ queued: Date }>(`SELECT COALESCE(queued, published, created_at) AS queued FROM projects WHERE status = 'processing'`),
    recentReviewWaits(viewer),
  ])
  return estimateWait(project.queued ?? project.published ?? project.createdAt, rows.map((r) => r.queued.toISOString()), waits)
}

export type Throughput = { mine: number; team: number; typicalMs: number | null }

/** Decisions in the last 30 days: the moderator's own and the whole team's, and the median wait. */
export async function moderatorThroughput(viewer: Viewer): Promise<Throughput> {
  const me = viewer.user?.id ?? ''
  const [all, mine] = await Promise.all([recentReviewWaits(viewer), recentReviewWaits(viewer, me)])
  // The same median the creators' estimate uses (src/lib/moderation/wait.ts).
  return { mine: mine.length, team: all.length, typicalMs: median(all) }
}

export type ThreadEntry = { id: string; type: string; text: string | null; private: boolean; author: { username: string; staff: boolean } | null; oldStatus: string | null; newStatus: string | null; created: string }

/** A project's moderation thread as the viewer may read it (private staff notes only for staff). */
export const projectThreadOf = (viewer: Viewer, project: Pick<Project, 'id' | 'thread'>) => threadOf(viewer, relationId(project.thread))

/** A thread (a project's, a report's) as the viewer may read it; null when they may not. */
export async function threadOf(viewer: Viewer, threadId: string | null | undefined): Promise<{ id: string; messages: ThreadEntry[] } | null> {
  if (!threadId || !viewer.user) return null
  const { docs: threads } = await viewer.payload.find({ collection: 'threads', where: { id: { equals: threadId } }, limit: 1, depth: 0, joins: false, ...as(viewer) })
  if (!threads[0]) return null
  const { docs } = await viewer.payload.find({ collection: 'thread-messages', where: { thread: { equals: threadId } }, sort: 'createdAt', pagination: false, depth: 0, ...as(viewer) })
  const messages = docs as ThreadMessage[]
  const authorIds = messages.map((m) => relationId(m.author)).filter((a): a is string => !!a)
  const { docs: authors } = authorIds.length ? await viewer.payload.find({ collection: 'users', where: { id: { in: [...new Set(authorIds)] } }, pagination: false, depth: 0, select: { username: true, role: true }, ...as(viewer) }) : { docs: [] as User[] }
  const byId = new Map((authors as User[]).map((u) => [u.id, u]))
  return {
    id: threadId,
    messages: messages.map((m) => {
      const a = byId.get(relationId(m.author) ?? '')
      return {
        id: m.id,
        type: m.type ?? 'text',
        text: m.text ?? null,
        private: !!m.private,
        author: a ? { username: a.username, staff: a.role === 'moderator' || a.role === 'admin' } : null,
        oldStatus: m.oldStatus ?? null,
        newStatus: m.newStatus ?? null,
        created: m.createdAt,
      }
    }),
  }
}
