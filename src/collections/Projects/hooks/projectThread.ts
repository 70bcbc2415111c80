import type { CollectionAfterChangeHook } from 'payload'

import { actorOf } from '../../../access/roles'

/** Every project has a moderation thread; every status change leaves a message in it. */
export const projectThread: CollectionAfterChangeHook = async ({ doc, previousDoc, req, operation }) => {
  let threadId = typeof doc.thread === 'string' ? doc.thread : doc.thread?.id
  if (!threadId) {
    const thread = await req.payload.create({ collection: 'threads', data: { type: 'project', project: doc.id }, req, overrideAccess: true })
    threadId = thread.id
    await req.payload.update({ collection: 'projects', id: doc.id, data: { thread: thread.id }, req, overrideAccess: true, context: { system: true } })
    doc.thread = thread.id
  }
  if (operation === 'update' && previousDoc?.status && previousDoc.status !== doc.status) {
    await req.payload.create({
      collection: 'thread-messages',
      data: { thread: threadId, author: actorOf(req)?.id, type: 'status_change', oldStatus: previousDoc.status, newStatus: doc.status },
      req,
      overrideAccess: true,
      context: { system: true },
    })
  }
  return doc
}
