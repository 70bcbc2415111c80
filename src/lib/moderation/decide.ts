import { APIError, commitTransaction, initTransaction, killTransaction } from 'payload'

import { actorOf, isAdmin, isStaff } from '../../access/core/roles'
import { as, type Viewer } from '../data/viewer'
import { relationId } from '../ids'
import { APPROVED_STATUSES, type ProjectStatus } from '../projectStatus'
import { releaseLock, takeLock } from './locks'
import { DECISION_MESSAGE_REQUIRED, MODERATION_LOCKED, NOT_UNDER_REVIEW } from './texts'

export const DECISIONS = ['approve', 'reject', 'withhold'] as const
export type Decision = (typeof DECISIONS)[number]
export const MESSAGE_MAX = 65536

export type DecideResult = { ok: true; status: ProjectStatus } | { ok: false; reason: 'notFound' } | { ok: false; reason: 'refused'; message: string }

/** The status a decision gives (labrinth's moderation UI: approve → what the team asked for). */
export function statusFor(decision: Decision, requested: string | null | undefined): ProjectStatus {
  if (decision === 'reject') return 'rejected'
  if (decision === 'withhold') return 'withheld'
  return (['approved', 'unlisted', 'private'] as const).find((s) => s === requested) ?? 'approved'
}

/**
 * Which decisions fit a project's status: any on one under review; a listed (approved-like) one can
 * still be rejected or withheld when something comes to light after approval; a rejected or withheld
 * one waits for the team to resubmit.
 */
export function decisionAllowed(decision: Decision, status: string): boolean {
  if (status === 'processing') return true
  return decision !== 'approve' && (APPROVED_STATUSES as readonly string[]).includes(status)
}

/**
 * A moderator's decision on a project: its status (approve, reject, withhold), the message to the
 * team kept on the project and posted in its thread (the status change itself is recorded and
 * notified by the project hooks). A moderator must hold the review lock — taken here if free — and
 * another's live lock refuses; admins override it. All or nothing, in one transaction.
 */
export async function decide(viewer: Viewer, projectId: string, decision: Decision, text: string): Promise<DecideResult> {
  const actor = actorOf(viewer.req)
  if (!actor || !isStaff(actor)) return { ok: false, reason: 'notFound' }
  const message = text.trim()
  if (decision !== 'approve' && !message) return { ok: false, reason: 'refused', message: DECISION_MESSAGE_REQUIRED }
  if (message.length > MESSAGE_MAX) return { ok: false, reason: 'refused', message: `Messages are at most ${MESSAGE_MAX} characters.` }
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { id: { equals: projectId } }, limit: 1, depth: 0, joins: false, ...as(viewer) })
  const project = docs[0]
  if (!project) return { ok: false, reason: 'notFound' }
  if (!decisionAllowed(decision, project.status ?? 'draft')) return { ok: false, reason: 'refused', message: NOT_UNDER_REVIEW }
  const lock = await takeLock(viewer.payload, project.id, actor.id, { override: isAdmin(actor) })
  if (!lock.ok) return { ok: false, reason: 'refused', message: MODERATION_LOCKED }

  const status = statusFor(decision, project.requestedStatus)
  const req = viewer.req
  const started = await initTransaction(req)
  try {
    await viewer.payload.update({
      collection: 'projects',
      id: project.id,
      data: { status, moderatorMessage: message ? { message: message.split('\n')[0]!.slice(0, 2000), body: message } : { message: null, body: null } },
      depth: 0,
      select: { id: true },
      ...as(viewer),
    })
    const thread = relationId((await viewer.payload.findByID({ collection: 'projects', id: project.id, depth: 0, select: { thread: true }, overrideAccess: true, req })).thread)
    if (message && thread) await viewer.payload.create({ collection: 'thread-messages', data: { thread, type: 'text', text: message }, depth: 0, ...as(viewer) })
    if (started) await commitTransaction(req)
  } catch (error) {
    if (started) await killTransaction(req)
    if (error instanceof APIError && error.isPublic) return { ok: false, reason: 'refused', message: error.message }
    throw error
  }
  await releaseLock(viewer.payload, project.id, actor.id, { any: true })
  return { ok: true, status }
}
