import type { CollectionAfterChangeHook } from 'payload'

import { actorOf } from '../../access/core/roles'
import { withContext } from '../../lib/db/scopedContext'
import { relationId } from '../../lib/ids'

/** Every project has a moderation thread; every status change leaves a message in it. */
export const projectThread: CollectionAfterChangeHook = async ({ doc, data, previousDoc, req, operation }) => {
  // `doc` may be trimmed by the request's `select`: the stored link is what counts.
  let threadId = relationId(doc.thread) ?? relationId(previousDoc?.thread)
  if (!threadId && operation === 'update') {
    const stored = await req.payload.findByID({ collection: 'projects', id: doc.id, depth: 0, overrideAccess: true, req, select: { thread: true } })
    threadId = relationId(stored.thread)
  }
  if (!threadId) {
    const thread = await req.payload.create({ collection: 'threads', data: { type: 'project', project: doc.id }, req, overrideAccess: true })
    threadId = thread.id
    await req.payload.update({ collection: 'projects', id: doc.id, data: { thread: thread.id }, req: withContext(req, { system: true }), overrideAccess: true })
    doc.thread = thread.id
  }
  const newStatus = doc.status ?? data?.status
  if (operation === 'update' && previousDoc?.status && newStatus && previousDoc.status !== newStatus) {
    await req.payload.create({
      collection: 'thread-messages',
      data: { thread: threadId, author: actorOf(req)?.id, type: 'status_change', oldStatus: previousDoc.status, newStatus },
      // The site's record: `system` for this write only, so the writes after it on the same
      // request (a moderator's decision message, a member's next edit) are checked as theirs.
      req: withContext(req, { system: true }),
      overrideAccess: true,
    })
  }
  return doc
}
