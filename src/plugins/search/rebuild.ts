import type { PayloadRequest } from 'payload'

import { cacheTags, invalidateAfterCommit } from '../../lib/cache'
import { LISTED_STATUSES } from '../../lib/projectStatus'
import { drizzleFor } from '../../lib/db/sql'
import { buildSearchDocument } from './documents'
import { enginesOf } from './engines'

/** Clears every engine and indexes all searchable projects again. Returns how many were indexed. */
export async function rebuildSearchIndex(req: PayloadRequest): Promise<number> {
  const { postgres, typesense } = enginesOf(req.payload)
  const db = await drizzleFor(req)
  await postgres.clear(db)
  await typesense?.clear()
  const listed = await req.payload.find({ collection: 'projects', where: { status: { in: [...LISTED_STATUSES] } }, pagination: false, depth: 0, overrideAccess: true, req, select: {} })
  for (const { id } of listed.docs) {
    const doc = await buildSearchDocument(req, id)
    if (!doc) continue
    await postgres.upsert(doc, db)
    await typesense?.upsert(doc)
  }
  await postgres.refreshTrending(db)
  await invalidateAfterCommit(req, [cacheTags.search])
  return listed.docs.length
}
