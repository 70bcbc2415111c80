import type { UploadConfig } from 'payload'

import { contentDisposition, INLINE_IMAGE_TYPES } from './downloadHeaders'
import { objectStorage, signedFileUrl, type StoredCollection } from './objectStorage'

type UploadHandler = NonNullable<UploadConfig['handlers']>[number]
type StoredDoc = { filename?: string | null; mimeType?: string | null; sizes?: Record<string, { filename?: string | null; mimeType?: string | null } | undefined> | null }

/** The type a stored file was uploaded with: the document's own, or that of one of its image sizes. */
export function storedMimeType(doc: StoredDoc | undefined, filename: string): string | undefined {
  // Staff read without a constraint: Payload then looks no document up and passes none.
  if (!doc) return undefined
  if (doc.filename === filename) return doc.mimeType ?? undefined
  return Object.values(doc.sizes ?? {}).find((s) => s?.filename === filename)?.mimeType ?? undefined
}

/**
 * The headers the storage answers a signed URL with, as src/lib/files/downloadHeaders.ts sets them
 * for files served from disk: a version file is always a download under its name; an image shows
 * inline only as one of the raster types, anything else is an opaque download.
 */
export function signedResponseHeaders(collection: StoredCollection, filename: string, mimeType: string | undefined): { disposition?: string; contentType?: string } {
  if (collection === 'version-files') return { disposition: contentDisposition(filename) }
  if (mimeType && INLINE_IMAGE_TYPES.has(mimeType.toLowerCase())) return { contentType: mimeType }
  return { disposition: contentDisposition(filename), contentType: 'application/octet-stream' }
}

/**
 * With object storage on, a file URL (`/api/<collection>/file/<name>`) answers with a redirect to a
 * signed URL of the object, after Payload checked the collection's read access (a hidden project's
 * file stays a 404) and the download was counted; the bytes then come from the storage, not through
 * this process. Without object storage it does nothing and Payload serves the file from disk.
 */
export const redirectToObjectStorage =
  (collection: StoredCollection): UploadHandler =>
  (_req, { doc, params }) =>
    objectStorage() ? redirect(collection, doc as StoredDoc | undefined, params.filename) : undefined

async function redirect(collection: StoredCollection, doc: StoredDoc | undefined, filename: string): Promise<Response> {
  const url = await signedFileUrl(collection, filename, signedResponseHeaders(collection, filename, storedMimeType(doc, filename)))
  // The signed URL expires: neither the browser nor a shared cache may keep this answer.
  return new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'private, no-store' } })
}
