import { createReadStream } from 'node:fs'
import path from 'node:path'

import { mediaDir } from '../paths'
import { objectStorage, readStoredObject } from './objectStorage'
import { StoredNameError, storedPath } from './storedName'

/**
 * A stored version file's bytes as a stream, for the site's own use (the collection "download all"
 * zip): from object storage when it is on, else from MEDIA_DIR/files. A name that is not a plain file
 * name is refused.
 */
export function openVersionFile(filename: string): AsyncIterable<Uint8Array | Buffer> {
  const onDisk = storedPath(path.join(mediaDir(), 'files'), filename)
  if (!onDisk) throw new StoredNameError(filename)
  if (!objectStorage()) return createReadStream(onDisk)
  // Opened when the zip reaches this file, not before: one object download at a time.
  return {
    async *[Symbol.asyncIterator]() {
      yield* await readStoredObject('version-files', filename)
    },
  }
}
