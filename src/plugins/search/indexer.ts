import type { Payload, PayloadRequest } from 'payload'

import { cacheTags, invalidateAfterCommit, invalidateNow } from '../../lib/cache'
import { drizzleFor } from '../../lib/db/sql'
import { buildSearchDocument } from './documents'
import { enginesOf } from './engines'

/**
 * Brings one project's search entry in step with the database, inside the request's transaction
 * (Postgres); Typesense, which has no transactions, is written after. Kept search pages are dropped
 * once it commits (every instance's in-memory index catches up on its next query).
 */
export async function reindexProject(req: PayloadRequest, projectId: string): Promise<void> {
  const { postgres, typesense } = enginesOf(req.payload)
  const db = await drizzleFor(req)
  const doc = await buildSearchDocument(req, projectId)
  if (doc) await postgres.upsert(doc, db)
  else await postgres.remove(projectId, db)
  if (typesense) {
    try {
      if (doc) await typesense.upsert(doc)
      else await typesense.remove(projectId)
    } catch (err) {
      req.payload.logger.error({ err, projectId }, 'Typesense index update failed; run npm run search:reindex')
    }
  }
  await invalidateAfterCommit(req, [cacheTags.search])
}

export async function removeProject(req: PayloadRequest, projectId: string): Promise<void> {
  const { postgres, typesense } = enginesOf(req.payload)
  await postgres.remove(projectId, await drizzleFor(req))
  await typesense?.remove(projectId).catch((err) => req.payload.logger.error({ err, projectId }, 'Typesense delete failed'))
  await invalidateAfterCommit(req, [cacheTags.search])
}

/** The trending figures (the last week's counted downloads) into the index; kept search pages follow. */
export async function refreshTrending(payload: Payload): Promise<void> {
  await enginesOf(payload).postgres.refreshTrending()
  await invalidateNow(payload, [cacheTags.search])
}
