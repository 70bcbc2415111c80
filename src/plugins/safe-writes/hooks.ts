import { APIError, Forbidden, NotFound, type CollectionAfterOperationHook, type CollectionBeforeDeleteHook, type CollectionBeforeOperationHook, type CollectionBeforeValidateHook, type CollectionConfig, type CollectionSlug, type PayloadRequest, type TypeWithID, type Where } from 'payload'

import { plainFileNamesOnly, siteFileMetadata, storedNamesOnly } from '../../access/fields/uploads'
import type { StoredFileDoc } from '../../lib/files/namesInUse'
import { claimFiles, removeIfRolledBack, restoreKeptFiles, setAside } from './files'
import { appendHooks } from '../../lib/config/appendHooks'

/** The document id of a by-id operation (its arguments carry `id`; bulk ones carry `where`). */
const idOf = (args: unknown): string | null => {
  const id = (args as { id?: unknown } | undefined)?.id
  return id == null ? null : String(id)
}

/**
 * Payload runs `beforeDelete` hooks (our cascades) before it applies the delete access to the
 * document. For a delete by id, the access is settled here first, so nothing happens — no cascade,
 * no file moved — for someone who may not delete the document. Hidden documents answer 404.
 */
export const authorizeDeleteFirst: CollectionBeforeOperationHook = async ({ args, operation, overrideAccess, req, collection }) => {
  const target = idOf(args)
  if (operation !== 'delete' || overrideAccess || target == null) return args
  const id = target
  const slug = collection.slug as 'projects'
  const access = collection.access.delete
  const verdict = access ? await access({ req, id: id as never }) : !!req.user
  if (verdict === true) return args
  const match: Where = verdict ? { and: [{ id: { equals: id } }, verdict as Where] } : { id: { equals: id } }
  const allowed = verdict ? (await req.payload.count({ collection: slug, where: match, overrideAccess: true, req })).totalDocs > 0 : false
  if (allowed) return args
  const visible = await req.payload.findByID({ collection: slug, id, depth: 0, req, user: req.user, overrideAccess: false, disableErrors: true }).catch(() => null)
  throw visible ? new Forbidden(req.t) : new NotFound(req.t)
}

/** The document as stored, as Payload reads it before unlinking its files. */
const storedDoc = (req: PayloadRequest, collection: string, id: string) =>
  req.payload.db.findOne<StoredFileDoc & TypeWithID>({ collection: collection as CollectionSlug, where: { id: { equals: id } }, req })

/**
 * Before Payload unlinks a document's files: its own are set aside until the write commits; files
 * of other documents at the paths Payload will unlink are moved out of its way and put back after.
 */
async function guardUnlink(req: PayloadRequest, collection: string, staticDir: string, id: string): Promise<void> {
  const doc = await storedDoc(req, collection, id)
  if (!doc) return
  const { own, keep } = await claimFiles(req, collection, staticDir, id, doc)
  await setAside(req, collection, id, own, keep)
}

/** Replacing a file by id: the old file is set aside until the write commits. Bulk replaces are refused. */
const setAsideOnReplace =
  (staticDir: string): CollectionBeforeOperationHook =>
  async ({ args, operation, req, collection }) => {
    if (operation !== 'update' || !req.file) return args
    const id = idOf(args)
    if (id == null) throw new APIError('Upload a file to one document at a time.', 400, null, true)
    await guardUnlink(req, collection.slug, staticDir, id)
    return args
  }

/** Deleting: runs after the delete is authorised (by-id: above; bulk: Payload filters first). */
const setAsideOnDelete =
  (staticDir: string): CollectionBeforeDeleteHook =>
  async ({ id, req, collection }) => {
    await guardUnlink(req, collection.slug, staticDir, String(id))
  }

/** Once an operation is over, other documents' files moved out of Payload's way go back. */
const restoreKept: CollectionAfterOperationHook = async ({ req, collection, result }) => {
  await restoreKeptFiles(req, collection.slug)
  return result
}

/** A new file (and its sizes) written for a write that rolls back is removed again. */
const cleanUpNewFiles =
  (staticDir: string): CollectionBeforeValidateHook =>
  async ({ data, req }) => {
    if (req.file && data?.filename) await removeIfRolledBack(req, staticDir, data)
    return data
  }

/**
 * Every collection: deletes authorised first. Upload collections also: file metadata the site's
 * (src/access/fields/uploads.ts), plain stored names only, files set aside until the write commits.
 */
export function withSafeWrites(collection: CollectionConfig, staticDir: string | null): CollectionConfig {
  if (!staticDir) return appendHooks(collection, { first: { beforeOperation: [authorizeDeleteFirst] } })
  return appendHooks(
    { ...collection, access: { ...collection.access, read: plainFileNamesOnly(collection.access?.read) } },
    {
      // Files are set aside (beforeDelete) before the cascades of the collection's own hooks run.
      first: { beforeOperation: [authorizeDeleteFirst, siteFileMetadata, setAsideOnReplace(staticDir)], beforeDelete: [setAsideOnDelete(staticDir)], afterOperation: [restoreKept] },
      last: { beforeValidate: [storedNamesOnly, cleanUpNewFiles(staticDir)] },
    },
  )
}
