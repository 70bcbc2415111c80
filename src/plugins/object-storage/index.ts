import { s3Storage } from '@payloadcms/storage-s3'
import type { CollectionAfterDeleteHook, CollectionConfig, Config, Plugin } from 'payload'

import { objectStorageSettings, STORAGE_PREFIXES } from '../../lib/files/objectStorage'
import { whenSettled } from '../safe-writes/transactions'

/**
 * Uploads (version files, images and their sizes) go to S3-compatible object storage when S3_BUCKET
 * is set (src/lib/files/objectStorage.ts reads the S3_* variables), through `@payloadcms/storage-s3`:
 * it stores and deletes the objects. Downloads are redirected to signed URLs by the collections' own
 * handler (src/lib/files/storageRedirect.ts), after the read access check and the download count.
 *
 * The plugin is always added, disabled without S3_BUCKET: it registers its admin client component
 * either way, so the generated import map is the same in both modes.
 *
 * Each collection keeps its objects under a fixed prefix (`files/`, `images/`; composite, so a
 * `?prefix=` on a file URL can only point further down its own collection's prefix). storage-s3 adds a
 * `prefix` column for per-document prefixes; we never set one, so that field is dropped again and the
 * schema (and migrations) stay the same with and without object storage.
 *
 * As with files on disk (src/plugins/safe-writes), a deleted document's objects are removed only once
 * the delete has committed: storage-s3 would remove them inside the transaction, and a rolled-back
 * delete would then keep a document whose file is gone.
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
  const own = original?.hooks?.afterDelete?.length ?? 0
  const afterDelete = collection.hooks?.afterDelete ?? []
  return {
    ...collection,
    fields: collection.fields.filter((f) => !('name' in f && f.name === 'prefix')),
    // The storage's hooks come after the collection's own.
    hooks: { ...collection.hooks, afterDelete: [...afterDelete.slice(0, own), ...afterDelete.slice(own).map(afterCommit)] },
  }
}

const afterCommit =
  (hook: CollectionAfterDeleteHook): CollectionAfterDeleteHook =>
  async (args) => {
    const deferred = await whenSettled(args.req, { commit: async () => void (await hook(args)) })
    if (!deferred) await hook(args)
    return args.doc
  }
