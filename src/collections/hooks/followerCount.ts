import { sql } from 'drizzle-orm'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { relationId } from '../../lib/ids'
import { drizzleFor } from '../../lib/db/sql'
import { reindexProject } from '../../plugins/search/indexer'

/** A project's follower count moves with follows, atomically in SQL (no read-modify-write race). */
async function adjust(req: PayloadRequest, projectId: string | null, delta: 1 | -1) {
  if (!projectId) return
  const db = await drizzleFor(req)
  await db.execute(sql`UPDATE projects SET followers = GREATEST(0, COALESCE(followers, 0) + ${delta}) WHERE id = ${projectId}`)
  if (req.context?.skipSearchIndex !== true) await reindexProject(req, projectId)
}

export const followAdded: CollectionAfterChangeHook = async ({ doc, req, operation }) => {
  if (operation === 'create') await adjust(req, relationId(doc.project), 1)
  return doc
}

export const followRemoved: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await adjust(req, relationId(doc.project), -1)
}
