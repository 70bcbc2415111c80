import type { CollectionAfterReadHook, Plugin } from 'payload'

import { env } from '../../lib/env'
import { filesOrigin, toFilesOrigin } from '../../lib/files/fileUrl'
import { appendHooks } from '../../lib/config/appendHooks'

type UploadDoc = { url?: string | null; thumbnailURL?: string | null; sizes?: Record<string, { url?: string | null } | undefined> | null }

/**
 * Moves the URLs Payload puts on upload documents (`url`, `thumbnailURL`, `sizes.*.url`) to FILES_URL.
 * A collection hook runs after Payload's own field hooks built those URLs, on every surface that reads
 * documents (REST, GraphQL, the admin panel, the Local API behind pages and `/v2`).
 */
const moveToFilesOrigin: CollectionAfterReadHook = ({ doc }) => {
  // Without FILES_URL, on SITE_URL: the config has no serverURL (see payload.config.ts), so Payload
  // builds root-relative URLs, and API clients need absolute ones.
  const origin = filesOrigin() ?? env.siteUrl()
  if (!doc) return doc
  const upload = doc as UploadDoc
  if (upload.url) upload.url = toFilesOrigin(upload.url, origin)
  if (upload.thumbnailURL) upload.thumbnailURL = toFilesOrigin(upload.thumbnailURL, origin)
  for (const size of Object.values(upload.sizes ?? {})) if (size?.url) size.url = toFilesOrigin(size.url, origin)
  return doc
}

/** Every upload collection links its files from FILES_URL when that is set, else from SITE_URL (see src/lib/files/fileUrl.ts). */
export const fileOriginPlugin = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) =>
    collection.upload ? appendHooks(collection, { last: { afterRead: [moveToFilesOrigin] } }) : collection,
  ),
})
