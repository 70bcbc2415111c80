import { DeleteObjectCommand, GetObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { getFileKey } from '@payloadcms/plugin-cloud-storage/utilities'

import { env } from '../env'
import { assertStoredName } from './storedName'

/**
 * Object storage (S3 or anything that speaks its API) for uploaded files, on when S3_BUCKET is set
 * (README, "Running it at scale"). Uploads and deletes go through `@payloadcms/storage-s3`
 * (src/plugins/object-storage); this module is the rest: the object key of a file, a signed URL a
 * download is redirected to, and reading a file back (the collection zip). Without S3_BUCKET files
 * stay on local disk under MEDIA_DIR.
 */
export type StoredCollection = 'version-files' | 'images'

export type ObjectStorageSettings = { bucket: string; config: S3ClientConfig }

/** Each collection's objects under a key prefix of its own, as its folder under MEDIA_DIR. */
export const STORAGE_PREFIXES: Record<StoredCollection, string> = { 'version-files': 'files', images: 'images' }

/** How long a signed download URL works: long enough to follow a redirect and finish a slow download's start. */
export const SIGNED_URL_SECONDS = 600

export function objectStorageSettings(vars: Record<string, string | undefined> = env.objectStorageVars()): ObjectStorageSettings | null {
  const bucket = vars.S3_BUCKET?.trim()
  if (!bucket) return null
  const accessKeyId = vars.S3_ACCESS_KEY_ID?.trim()
  const secretAccessKey = vars.S3_SECRET_ACCESS_KEY?.trim()
  if (!!accessKeyId !== !!secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (the AWS default credentials)')
  return {
    bucket,
    config: {
      region: vars.S3_REGION?.trim() || 'us-east-1',
      ...(vars.S3_ENDPOINT?.trim() ? { endpoint: vars.S3_ENDPOINT.trim() } : {}),
      forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true',
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // Checksums only where S3 requires them: S3-compatible servers do not all take the SDK's
      // default aws-chunked uploads with trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  }
}

/**
 * The key a stored file has in the bucket: the same function storage-s3 stores it under. Only for a
 * plain file name (a 400 otherwise): storage-s3 would cut `../x` or `./x` down to `x`, another
 * document's object.
 */
export const objectKey = (collection: StoredCollection, filename: string): string =>
  getFileKey({ collectionPrefix: STORAGE_PREFIXES[collection], docPrefix: '', filename: assertStoredName(filename), useCompositePrefixes: true }).fileKey

let cached: { settings: ObjectStorageSettings; client: S3Client } | null | undefined

/** This process's S3 client, or null when object storage is off. */
export function objectStorage(): { settings: ObjectStorageSettings; client: S3Client } | null {
  if (cached === undefined) {
    const settings = objectStorageSettings()
    cached = settings ? { settings, client: new S3Client(settings.config) } : null
  }
  return cached
}

/**
 * A time-limited URL of the object itself. `disposition` and `contentType` are sent back by the
 * storage as the response's headers, so a download keeps its name and an image its safe type.
 */
export async function signedFileUrl(collection: StoredCollection, filename: string, response: { disposition?: string; contentType?: string } = {}): Promise<string> {
  const storage = objectStorage()
  if (!storage) throw new Error('object storage is not configured')
  const command = new GetObjectCommand({
    Bucket: storage.settings.bucket,
    Key: objectKey(collection, filename),
    ResponseContentDisposition: response.disposition,
    ResponseContentType: response.contentType,
  })
  return getSignedUrl(storage.client, command, { expiresIn: SIGNED_URL_SECONDS })
}

/** Removes a stored object (src/plugins/object-storage decides when, and that no other document uses it). */
export async function deleteStoredObject(collection: StoredCollection, filename: string): Promise<void> {
  const storage = objectStorage()
  if (!storage) throw new Error('object storage is not configured')
  await storage.client.send(new DeleteObjectCommand({ Bucket: storage.settings.bucket, Key: objectKey(collection, filename) }))
}

/** A stored object's bytes as a stream. */
export async function readStoredObject(collection: StoredCollection, filename: string): Promise<AsyncIterable<Uint8Array>> {
  const storage = objectStorage()
  if (!storage) throw new Error('object storage is not configured')
  const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.settings.bucket, Key: objectKey(collection, filename) }))
  if (!object.Body) throw new Error(`stored object has no body: ${collection}/${filename}`)
  return object.Body as AsyncIterable<Uint8Array>
}
