import { env } from '../env'
import { fileUrl } from '../files/fileUrl'

/**
 * The public URL of a version file. Payload serves uploads at `/api/<collection>/file/<filename>`
 * (through the storage adapter when one is configured), on FILES_URL when that is set; when the
 * counting download route lands, this is the one place to point elsewhere.
 */
export const versionFileUrl = (filename: string) => fileUrl('version-files', filename, env.siteUrl())
