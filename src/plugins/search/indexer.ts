import type { PayloadRequest } from 'payload'

import { drizzleFor } from '../../lib/db/sql'
import { buildSearchDocument } from './documents'
import { enginesOf } from './engines'

/**
 * Brings one project's search entry in step with the database, inside the request's transaction
 * (Postgres); Typesense, which has no transactions, is written after.
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
}

export async function removeProject(req: PayloadRequest, projectId: string): Promise<void> {
  const { postgres, typesense } = enginesOf(req.payload)
  await postgres.remove(projectId, await drizzleFor(req))
  await typesense?.remove(projectId).catch((err) => req.payload.logger.error({ err, projectId }, 'Typesense delete failed'))
}
