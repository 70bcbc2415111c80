/**
 * Where user files are linked from. Payload serves uploads at `/api/<collection>/file/<name>` on the
 * site's origin; with `FILES_URL` set (another host name for the same app, or a CDN in front of it),
 * every file URL the site, `/v2` and the admin produce points there instead, so an uploaded file never
 * runs as a page of the origin that holds the session cookie. Parsed here (read in `env.ts`): this is
 * the one module that builds file URLs.
 */

import { env } from '../env'

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/** The configured file origin (`FILES_URL`, without a trailing slash), or null to use the site's own. */
export function filesOrigin(value: string | undefined = env.filesUrl()): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  const url = new URL(trimmed) // a malformed FILES_URL fails loudly at the first file URL, not silently
  return trimSlash(`${url.origin}${url.pathname}`)
}

const FILE_PATH = /^\/api\/[a-z0-9-]+\/file\//

/**
 * A file URL as Payload built it (absolute on SITE_URL, or root-relative) moved to the file origin.
 * Without FILES_URL, or for URLs that are not Payload file URLs, it is returned unchanged.
 */
export function toFilesOrigin(url: string | null | undefined, origin: string | null = filesOrigin()): string | null | undefined {
  if (!url || !origin) return url
  let path: string
  if (url.startsWith('/')) path = url
  else {
    try {
      const parsed = new URL(url)
      path = `${parsed.pathname}${parsed.search}`
    } catch {
      return url
    }
  }
  return FILE_PATH.test(path) ? `${origin}${path}` : url
}

/** The public URL of an uploaded file: on FILES_URL when set, else on `siteUrl`. */
export function fileUrl(collection: 'version-files' | 'images', filename: string, siteUrl: string): string {
  return `${filesOrigin() ?? trimSlash(siteUrl)}/api/${collection}/file/${encodeURIComponent(filename)}`
}
