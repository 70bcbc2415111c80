import { z } from 'zod'

import { isAdmin } from '../../../access/core/roles'
import { as, type Viewer } from '../../../lib/data'
import { getUserByIdOrUsername } from '../../../lib/data/users'
import { deleteNotifications, markRead } from '../../../lib/notifications/read'
import type { Notification as NotificationDoc } from '../../../payload-types'
import { itemNotFound, unauthorized } from '../http/errors'
import { defineRoute } from '../http/route'
import { jsonArrayParam, key } from '../schemas/common'
import { Notification } from '../schemas/notification'

/*
 * Notifications (labrinth `routes/v2/notifications.rs`, `users.rs`): read, mark read and delete your
 * own, through the same domain functions as the dashboard (src/lib/notifications/read.ts). Another
 * user's notification is 404; only admins list someone else's.
 */
const TAG = 'notifications'
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'No such notification of yours (empty body)', empty: true } }
const MAX = 1000

const toV2 = (n: NotificationDoc) => ({
  id: n.id,
  user_id: typeof n.user === 'string' ? n.user : n.user.id,
  type: n.type ?? null,
  title: n.title,
  text: n.text ?? '',
  link: n.link ?? '',
  read: !!n.read,
  created: n.createdAt,
  body: (n.body as Record<string, unknown> | null) ?? null,
  actions: Array.isArray(n.actions) ? (n.actions as { title: string; action_route: [string, string] }[]) : [],
})

async function own(viewer: Viewer, ids: string[]) {
  if (ids.length === 0) return []
  const { docs } = await viewer.payload.find({ collection: 'notifications', where: { and: [{ id: { in: ids } }, { user: { equals: viewer.user!.id } }] }, limit: MAX, depth: 0, ...as(viewer) })
  return docs
}

const idsQuery = z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD"]', max: MAX }) })
const idsDocs = { ids: 'Notification ids, as a JSON array' }

export const userNotifications = defineRoute({
  method: 'GET', path: '/user/{id}/notifications', operationId: 'getUserNotifications', tag: TAG, summary: "A user's notifications",
  description: 'Your own (admins: anyone’s), newest first.', params: { id: 'The user id or username' },
  scopes: ['NOTIFICATION_READ'], requiresAuth: true, response: z.array(Notification),
  handler: async ({ viewer, params }) => {
    const user = await getUserByIdOrUsername(viewer, params.id)
    if (!user) throw itemNotFound()
    if (user.id !== viewer.user!.id && !isAdmin(viewer.user)) throw unauthorized('You do not have permission to see the notifications of this user!')
    const { docs } = await viewer.payload.find({ collection: 'notifications', where: { user: { equals: user.id } }, sort: '-createdAt', limit: MAX, depth: 0, ...as(viewer) })
    return docs.map(toV2)
  },
})

export const getNotification = defineRoute({
  method: 'GET', path: '/notification/{id}', operationId: 'getNotification', tag: TAG, summary: 'Get a notification',
  params: { id: 'The notification id' }, scopes: ['NOTIFICATION_READ'], requiresAuth: true, response: Notification, responses: notFound,
  handler: async ({ viewer, params }) => {
    const [doc] = await own(viewer, [params.id])
    if (!doc) throw itemNotFound()
    return toV2(doc)
  },
})

export const readNotification = defineRoute({
  method: 'PATCH', path: '/notification/{id}', operationId: 'readNotification', tag: TAG, summary: 'Mark a notification read',
  params: { id: 'The notification id' }, scopes: ['NOTIFICATION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    if ((await markRead(viewer, [params.id])) === 0) throw itemNotFound()
    return noContent()
  },
})

export const deleteNotification = defineRoute({
  method: 'DELETE', path: '/notification/{id}', operationId: 'deleteNotification', tag: TAG, summary: 'Delete a notification',
  params: { id: 'The notification id' }, scopes: ['NOTIFICATION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    if ((await deleteNotifications(viewer, [params.id])) === 0) throw itemNotFound()
    return noContent()
  },
})

export const getNotifications = defineRoute({
  method: 'GET', path: '/notifications', operationId: 'getNotifications', tag: TAG, summary: 'Get several notifications',
  description: 'Those of yours among the ids; others are left out.', query: idsQuery, queryDocs: idsDocs,
  scopes: ['NOTIFICATION_READ'], requiresAuth: true, response: z.array(Notification),
  handler: async ({ viewer, query }) => (await own(viewer, query.ids)).map(toV2),
})

export const readNotifications = defineRoute({
  method: 'PATCH', path: '/notifications', operationId: 'readNotifications', tag: TAG, summary: 'Mark several notifications read',
  query: idsQuery, queryDocs: idsDocs, scopes: ['NOTIFICATION_WRITE'], requiresAuth: true, responses: done,
  handler: async ({ viewer, query }) => {
    await markRead(viewer, query.ids)
    return noContent()
  },
})

export const deleteManyNotifications = defineRoute({
  method: 'DELETE', path: '/notifications', operationId: 'deleteNotifications', tag: TAG, summary: 'Delete several notifications',
  query: idsQuery, queryDocs: idsDocs, scopes: ['NOTIFICATION_WRITE'], requiresAuth: true, responses: done,
  handler: async ({ viewer, query }) => {
    await deleteNotifications(viewer, query.ids)
    return noContent()
  },
})

export const notificationRoutes = [userNotifications, getNotification, readNotification, deleteNotification, getNotifications, readNotifications, deleteManyNotifications]
