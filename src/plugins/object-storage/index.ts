import { s3Storage } from '@payloadcms/storage-s3'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig, Config, Payload, PayloadRequest, Plugin } from 'payload'

import { namesUsedElsewhere, storedNames, type StoredFileDoc } from '../../lib/files/namesInUse'
import { deleteStoredObject, objectStorageSettings, STORAGE_PREFIXES, type StoredCollection } from '../../lib/files/objectStorage'
import { isStoredName } from '../../lib/files/storedName'
import { whenSettled } from '../safe-writes/transactions'

/**
 * Uploads (version files, images and their sizes) go to S3-compatible object storage when S3_BUCKET
 * is set (src/lib/files/objectStorage.ts reads the S3_* variables), through `@payloadcms/storage-s3`:
 * it stores the objects. Downloads are redirected to signed URLs by the collections' own handler
 * (src/lib/files/storageRedirect.ts), after the read access check and the download count.
 *
 * The plugin is always added, disabled without S3_BUCKET: it registers its admin client component
 * either way, so the generated import map is the same in both modes.
 *
 * Each collection keeps its objects under a fixed prefix (`files/`, `images/`; composite). storage-s3
 * adds a `prefix` column for per-document prefixes; we never set one, so that field is dropped again
 * and the schema (and migrations) stay the same with and without object storage (a `?prefix=` on a
 * file URL is refused: src/access/fields/uploads.ts).
 *
 * Objects are removed by this plugin, not by storage-s3, as files on disk are (src/plugins/safe-writes):
 * only once the delete or the replacing upload has committed (storage-s3 removes them inside the
 * transaction, and a rolled-back write would then keep a document whose file is gone), only under
 * plain names (storage-s3 cuts `../x` down to `x`, another document's object), and never an object
 * another document still names.
 */
export const objectStoragePlugin = (): Plugin => (config: Config) => {
  const settings = objectStorageSettings()
  const withStorage = s3Storage({
    enabled: !!settings,
    bucket: settings?.bucket ?? '',
    config: settings?.config ?? {},
    useCompositePrefixes: true,
    collections: {
      'version-files': { prefix: STORAGE_PREFIXES['version-files'] },
      images: { prefix: STORAGE_PREFIXES.images },
    },
  })(config) as Config
  if (!settings) return withStorage
  const slugs = new Set(Object.keys(STORAGE_PREFIXES))
  const before = new Map((config.collections ?? []).map((c) => [c.slug, c]))
  return {
    ...withStorage,
    collections: (withStorage.collections ?? []).map((c) => (slugs.has(c.slug) ? adjusted(c, before.get(c.slug)) : c)),
  }
}

function adjusted(collection: CollectionConfig, original: CollectionConfig | undefined): CollectionConfig {
  const slug = collection.slug as StoredCollection
  // The hooks after the collection's own are storage-s3's.
  const ownDelete = original?.hooks?.afterDelete?.length ?? 0
  const ownChange = original?.hooks?.afterChange?.length ?? 0
  const afterDelete = collection.hooks?.afterDelete ?? []
  const afterChange = collection.hooks?.afterChange ?? []
  return {
    ...collection,
    fields: collection.fields.filter((f) => !('name' in f && f.name === 'prefix')),
    hooks: {
      ...collection.hooks,
      afterDelete: [...afterDelete.slice(0, ownDelete), removeDeletedObjects(slug)],
      afterChange: [...afterChange.slice(0, ownChange), ...afterChange.slice(ownChange).map(uploadOnly), removeReplacedObjects(slug)],
    },
  }
}

/** Runs `work` once the request's transaction has committed (at once without a transaction). */
async function afterCommit(req: PayloadRequest, work: () => Promise<void>): Promise<void> {
  const deferred = await whenSettled(req, { commit: work })
  if (!deferred) await work()
}

/** Removes the objects of `names` that no other document of the collection names (read after the commit). */
async function removeUnused(payload: Payload, collection: StoredCollection, docId: string | number | undefined, names: string[]): Promise<void> {
  const plain = names.filter(isStoredName)
  const used = await namesUsedElsewhere(payload, collection, docId, plain)
  for (const name of plain.filter((n) => !used.has(n))) {
    await deleteStoredObject(collection, name).catch((err: unknown) => payload.logger.error({ err }, `Could not remove the stored object ${collection}/${name}`))
  }
}

const removeDeletedObjects =
  (collection: StoredCollection): CollectionAfterDeleteHook =>
  async ({ doc, req }) => {
    const deleted = doc as StoredFileDoc
    await afterCommit(req, () => removeUnused(req.payload, collection, deleted.id ?? undefined, storedNames(deleted)))
    return doc
  }

/** storage-s3's upload hook, without the removal of the replaced objects (done below, after the commit). */
const uploadOnly =
  (hook: CollectionAfterChangeHook): CollectionAfterChangeHook =>
  (args) =>
    hook({ ...args, previousDoc: args.previousDoc ? { ...args.previousDoc, filename: null, sizes: {} } : args.previousDoc })

/** A replaced file's objects (those the document no longer names) go once the replace has committed. */
const removeReplacedObjects =
  (collection: StoredCollection): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, operation, req }) => {
    if (operation !== 'update' || !previousDoc) return doc
    const current = new Set(storedNames(doc as StoredFileDoc))
    const stale = storedNames(previousDoc as StoredFileDoc).filter((n) => !current.has(n))
    if (stale.length) await afterCommit(req, () => removeUnused(req.payload, collection, (doc as StoredFileDoc).id ?? undefined, stale))
    return doc
  }
