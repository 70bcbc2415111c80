import { env } from '../env'

/**
 * The public URL of a version file. Payload serves uploads at `/api/<collection>/file/<filename>`
 * (through the storage adapter when one is configured); when the counting download route lands,
 * this is the one place to point elsewhere.
 */
export const versionFileUrl = (filename: string) => `${env.siteUrl()}/api/version-files/file/${encodeURIComponent(filename)}`
