import { APIError, type Access, type CollectionBeforeOperationHook, type CollectionBeforeValidateHook, type CollectionSlug, type PayloadRequest, type TypeWithID } from 'payload'

import { namesUsedElsewhere, storedNames, type StoredFileDoc } from '../../lib/files/namesInUse'
import { assertStoredName, isStoredName, StoredNameError, uploadName } from '../../lib/files/storedName'

/**
 * Upload metadata is the site's (issue 27, item 3). The fields that describe a stored file — where
 * it is (`filename`, `sizes.*`, `url`, `prefix`) and what it is (`mimeType`, `filesize`, dimensions)
 * — are written by Payload from the uploaded file (`generateFileData`), never from a request body:
 * Payload unlinks, serves and re-reads `staticDir` joined with the stored `filename` as plain text,
 * so a name written by a user pointed its delete and its download at anyone's file.
 *
 * For writes made for a user (not `overrideAccess`) these fields are dropped from the body before
 * Payload reads it; an update keeps the stored values, an upload takes the file's, and a create
 * without a file has none to invent (Payload refuses it). The focal point (`focalX`, `focalY`) stays
 * writable by whoever may update the document; when the admin form sends it with the file's name and
 * URL, the stored ones are put back so Payload re-crops the sizes from the document's own file.
 */
export const SITE_FILE_FIELDS = ['filename', 'url', 'thumbnailURL', 'mimeType', 'filesize', 'width', 'height', 'sizes', 'prefix'] as const

type Data = Record<string, unknown>
type Args = { id?: string | number; data?: Data; duplicateFromID?: string | number }

const isData = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value)

/** The document as stored (no read hooks: `url` as saved, root-relative). */
async function storedDoc(req: PayloadRequest, collection: string, id: string | number): Promise<(StoredFileDoc & Data & TypeWithID) | null> {
  return req.payload.db.findOne<StoredFileDoc & Data & TypeWithID>({ collection: collection as CollectionSlug, where: { id: { equals: id } }, req })
}

export const siteFileMetadata: CollectionBeforeOperationHook = async ({ args, operation, overrideAccess, req, collection }) => {
  if (operation !== 'create' && operation !== 'update') return args
  // Every upload, the site's own included, is stored under a plain name (src/lib/files/storedName.ts).
  if (req.file?.name) req.file.name = uploadName(req.file.name)
  const a = args as Args
  if (operation === 'create' && a.duplicateFromID != null) {
    // A copy re-reads the original's file by its stored name: only a plain one.
    for (const name of storedNames(await storedDoc(req, collection.slug, a.duplicateFromID))) assertStoredName(name)
  }
  if (overrideAccess || !isData(a.data)) return args
  const data = a.data
  const sent = SITE_FILE_FIELDS.filter((f) => f in data)
  if (!sent.length) return args
  for (const field of sent) delete data[field]
  // The admin form sends an image's name and URL back with a moved focal point: Payload re-crops the
  // sizes from the file they name, so they must be the stored ones (never an outside URL: Payload
  // would fetch it). Files without sizes have nothing to re-crop.
  const resized = typeof collection.upload === 'object' && !!collection.upload.imageSizes?.length
  if (resized && operation === 'update' && a.id != null && !req.file && (sent.includes('filename') || sent.includes('url'))) {
    const stored = await storedDoc(req, collection.slug, a.id)
    const url = stored?.url
    if (stored && isStoredName(stored.filename) && typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) {
      data.filename = stored.filename
      data.url = url
    }
  }
  return args
}

/**
 * What will be stored names only plain files, and none another document of the collection stores:
 * a name two documents share would let one's delete or re-upload remove or overwrite the other's
 * file (an upload named like another image's size, for instance). Every write, the site's included.
 */
export const storedNamesOnly: CollectionBeforeValidateHook = async ({ data, operation, originalDoc, req, collection }) => {
  if (!data) return data
  const doc = data as StoredFileDoc
  const names: string[] = []
  if (doc.filename != null) names.push(assertStoredName(doc.filename))
  if (isData(doc.sizes)) for (const size of Object.values(doc.sizes)) if (size?.filename != null) names.push(assertStoredName(size.filename))
  if (!names.length) return data
  const own = operation === 'update' ? (originalDoc as StoredFileDoc | undefined)?.id : undefined
  const taken = await namesUsedElsewhere(req.payload, collection.slug, own, names, req)
  if (taken.size) throw new APIError(`Another file is already stored as ${[...taken].join(', ')}. Upload this one under another name.`, 409, null, true)
  return data
}

/**
 * The file route (`GET /api/<collection>/file/<name>`) answers only for plain names: anything with a
 * folder, `..`, a control character or a leading dot is a 400 before Payload looks the name up. Its
 * `?prefix=` (storage plugins' per-document key prefix, which this site never sets: there is no such
 * field, and Payload answered 500) is a 400 too.
 */
export const plainFileNamesOnly =
  (read: Access | undefined): Access =>
  (args) => {
    if (args.isReadingStaticFile) {
      const name = (args.data as Data | undefined)?.filename
      if (!isStoredName(name)) throw new StoredNameError(name)
      if (args.req.searchParams?.has('prefix')) throw new APIError('Stored files have no prefix: ask for /file/<name> alone.', 400, null, true)
    }
    return read ? read(args) : !!args.req.user
  }
