import { createReadStream, type ReadStream } from 'node:fs'
import path from 'node:path'

import { mediaDir } from '../paths'

/**
 * A stored version file's bytes as a stream, for the site's own use (the collection "download all"
 * zip). Files live under MEDIA_DIR/files; a name that is not a plain file name is refused.
 */
export function openVersionFile(filename: string): ReadStream {
  if (!filename || filename !== path.basename(filename) || filename.startsWith('.')) throw new Error(`not a stored file name: ${filename}`)
  return createReadStream(path.join(mediaDir(), 'files', filename))
}
