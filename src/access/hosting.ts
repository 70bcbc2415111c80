import type { Access, Where } from 'payload'

import { actorOf, isStaff } from './core/roles'

/*
 * Hosted servers (issue 31): owners see and act on their own servers, staff on all. Nobody writes
 * them through Payload: the hosting service checks the actor for each act (src/plugins/hosting).
 */

/** The owner's servers; all for staff. */
export const ownServerAccess: Access = ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  return isStaff(actor) ? true : { owner: { equals: actor.id } }
}

/** Staff only. */
export const staffServerAccess: Access = ({ req }) => isStaff(actorOf(req))

/** The acts on a server: its owner's (shown on the server's info page); staff all. */
export const serverActsAccess: Access = ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  return isStaff(actor) ? true : { 'server.owner': { equals: actor.id } }
}

/** Notices running now, for any signed-in user (they are announcements); staff see every one. */
export const activeNoticeAccess: Access = ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  const now = new Date().toISOString()
  const running: Where = { and: [{ begins: { less_than_equal: now } }, { or: [{ expires: { exists: false } }, { expires: { greater_than: now } }] }] }
  return running
}

/** A user's own dismissals; staff all. */
export const ownDismissalAccess: Access = ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  return isStaff(actor) ? true : { user: { equals: actor.id } }
}

/** Whether the actor may act on a server owned by `ownerId`. */
export const mayActOnServer = (actor: ReturnType<typeof actorOf>, ownerId: string | null | undefined): boolean =>
  !!actor && (isStaff(actor) || (!!ownerId && actor.id === ownerId))

/** A server's backups: its owner's (the backups page), staff every one; written by the site's backup service only. */
export const serverBackupsAccess: Access = serverActsAccess
