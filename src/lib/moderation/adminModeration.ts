import { actorOf, isAdmin, isStaff } from '../../access/core/roles'
import type { Viewer } from '../data/viewer'
import type { ProjectStatus } from '../projectStatus'
import { decide, DECISIONS, type Decision } from './decide'
import { lockOf, releaseLock, takeLock, type Lock } from './locks'
import { MODERATION_LOCKED } from './texts'

/*
 * The moderation panel on a project's edit view in the admin panel (issue 18 item 4): the same
 * review lock and decisions as the site's Moderation tab, for staff only. The server action is a
 * thin wrapper around `moderate`, so the rules hold (and are tested) without a browser.
 */

export const LOCK_OPS = ['take', 'release', 'override'] as const
export type LockOp = (typeof LOCK_OPS)[number]
export type ModerationOp = LockOp | Decision
export const MODERATION_OPS: readonly ModerationOp[] = [...LOCK_OPS, ...DECISIONS]

export type ModerateResult =
  | { ok: true; op: ModerationOp; status?: ProjectStatus }
  | { ok: false; reason: 'notFound' }
  /** Another moderator holds the review lock (their username, and when it lapses). */
  | { ok: false; reason: 'locked'; holder: { username: string; until: string } }
  | { ok: false; reason: 'refused'; message: string }

async function holderOf(viewer: Viewer, lock: Lock): Promise<{ username: string; until: string }> {
  // The holder's name only, for staff: who is reviewing is what the refusal has to say.
  const user = await viewer.payload.findByID({ collection: 'users', id: lock.moderatorId, depth: 0, select: { username: true }, overrideAccess: true, disableErrors: true, req: viewer.req })
  return { username: user?.username ?? lock.moderatorId, until: lock.expiresAt }
}

/**
 * Takes, takes over (admins) or releases the review lock, or decides (approve / reject / withhold
 * with a message). Anyone but staff gets `notFound`, as if the project were not there.
 */
export async function moderate(viewer: Viewer, projectId: string, op: ModerationOp, message = ''): Promise<ModerateResult> {
  const actor = actorOf(viewer.req)
  if (!actor || !isStaff(actor)) return { ok: false, reason: 'notFound' }
  const project = await viewer.payload.find({ collection: 'projects', where: { id: { equals: projectId } }, limit: 1, depth: 0, joins: false, select: { id: true }, overrideAccess: false, user: viewer.user ?? undefined, req: viewer.req })
  if (!project.docs[0]) return { ok: false, reason: 'notFound' }

  if (op === 'release') {
    await releaseLock(viewer.payload, projectId, actor.id, { any: isAdmin(actor) })
    return { ok: true, op }
  }
  if (op === 'take' || op === 'override') {
    const taken = await takeLock(viewer.payload, projectId, actor.id, { override: op === 'override' && isAdmin(actor) })
    return taken.ok ? { ok: true, op } : { ok: false, reason: 'locked', holder: await holderOf(viewer, taken.heldBy) }
  }
  const decided = await decide(viewer, projectId, op, message)
  if (decided.ok) return { ok: true, op, status: decided.status }
  if (decided.reason === 'notFound') return decided
  // decide() refuses a lock held by another with its generic text: name the holder instead.
  const lock = decided.message === MODERATION_LOCKED ? await lockOf(viewer.payload, projectId) : null
  if (lock && lock.moderatorId !== actor.id) return { ok: false, reason: 'locked', holder: await holderOf(viewer, lock) }
  return decided
}
