import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { actorOf } from '../../access/core/roles'
import { relationId } from '../../lib/ids'
import { withheldForMalware } from '../../lib/moderation/technicalReview'

/** Who gave the verdict and when (cleared when it goes back to pending). */
export const stampVerdict: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || data.verdict === undefined || data.verdict === originalDoc?.verdict) return data
  const pending = data.verdict === 'pending'
  return { ...data, decidedBy: pending ? null : (actorOf(req)?.id ?? null), decidedAt: pending ? null : new Date().toISOString() }
}

/**
 * A malicious verdict quarantines the file (nobody but staff reads or downloads it any more), lists its
 * hash as known-malicious (so the scanner flags the same bytes anywhere) and withholds the project with
 * a message to its team in the moderation thread — in the same transaction as the verdict.
 */
export const applyVerdict: CollectionAfterChangeHook = async ({ doc, data, previousDoc, operation, req }) => {
  // `doc` may be trimmed by the write's `select` (the site's action asks for the id alone): the
  // verdict is read from what was written, the rest from the stored finding.
  const verdict = data?.verdict ?? doc.verdict
  if (operation !== 'update' || verdict !== 'malicious' || previousDoc?.verdict === 'malicious') return doc
  const fileId = relationId(previousDoc?.file ?? doc.file)
  const projectId = relationId(previousDoc?.project ?? doc.project)
  if (!fileId || !projectId) return doc
  const file = await req.payload.update({ collection: 'version-files', id: fileId, data: { quarantined: true }, overrideAccess: true, depth: 0, req, select: { filename: true, sha512: true } })
  await listHash(req, file.sha512, `Malicious verdict on ${file.filename ?? 'a file'}: ${String(previousDoc?.detail ?? doc.detail ?? '')}`.slice(0, 2000))
  await withhold(req, projectId, file.filename ?? 'a file')
  return doc
}

async function listHash(req: PayloadRequest, hash: string | null | undefined, reason: string) {
  if (!hash) return
  const known = await req.payload.count({ collection: 'malicious-hashes', where: { hash: { equals: hash } }, overrideAccess: true, req })
  if (known.totalDocs === 0) await req.payload.create({ collection: 'malicious-hashes', data: { hash, reason, addedBy: actorOf(req)?.id ?? null }, overrideAccess: true, depth: 0, req })
}

/** Withheld whatever its status (a draft too: it must not be published as it is); the status hooks record and notify the change. */
async function withhold(req: PayloadRequest, projectId: string, filename: string) {
  const project = await req.payload.findByID({ collection: 'projects', id: projectId, depth: 0, overrideAccess: true, req, select: { status: true, thread: true } })
  const message = withheldForMalware(filename)
  if (project.status !== 'withheld') {
    await req.payload.update({ collection: 'projects', id: projectId, data: { status: 'withheld', moderatorMessage: { message, body: message } }, overrideAccess: true, depth: 0, req, select: { id: true } })
  }
  const thread = relationId(project.thread)
  if (thread) await req.payload.create({ collection: 'thread-messages', data: { thread, type: 'text', text: message, author: actorOf(req)?.id }, overrideAccess: true, depth: 0, req })
}
