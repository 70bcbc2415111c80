import type { Viewer } from '../data/viewer'
import { as } from '../data/viewer'

/*
 * Marking notifications read, as their user (the collection's rules: only they may, and only `read`).
 * Shared by the dashboard's forms and /v2's notification routes.
 */

/** Marks the viewer's notifications with these ids read; returns how many were theirs. */
export async function markRead(viewer: Viewer, ids: string[], read = true): Promise<number> {
  if (!viewer.user || ids.length === 0) return 0
  const result = await viewer.payload.update({
    collection: 'notifications',
    where: { and: [{ id: { in: ids } }, { user: { equals: viewer.user.id } }] },
    data: { read },
    depth: 0,
    ...as(viewer),
  })
  return result.docs.length
}

/** Marks every unread notification of the viewer's read. */
export async function markAllRead(viewer: Viewer): Promise<number> {
  if (!viewer.user) return 0
  const result = await viewer.payload.update({
    collection: 'notifications',
    where: { and: [{ user: { equals: viewer.user.id } }, { read: { equals: false } }] },
    data: { read: true },
    depth: 0,
    ...as(viewer),
  })
  return result.docs.length
}

/** Deletes the viewer's notifications with these ids; returns how many went. */
export async function deleteNotifications(viewer: Viewer, ids: string[]): Promise<number> {
  if (!viewer.user || ids.length === 0) return 0
  const result = await viewer.payload.delete({ collection: 'notifications', where: { and: [{ id: { in: ids } }, { user: { equals: viewer.user.id } }] }, depth: 0, ...as(viewer) })
  return result.docs.length
}
