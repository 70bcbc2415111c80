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

/**
 * Our own URL without SITE_URL's origin (`http://site/api/images/file/a.png` → `/api/images/file/a.png`), so a
 * page links it on whatever host name it was reached by. Anything else (FILES_URL, other sites, already
 * relative) is returned as it is.
 */
export function siteRelativeUrl(url: string | null | undefined, origin: string = env.siteUrl()): string | null {
  if (!url) return null
  const site = trimSlash(origin)
  if (!url.startsWith(`${site}/`)) return url
  const path = url.slice(site.length)
  // "//host/…" would be read as another host: such a URL stays absolute.
  return path.startsWith('//') ? url : path
}

type UploadUrls = { url?: string | null; sizes?: { large?: { url?: string | null } | null } | null }

/** What the description editor writes in the text for an image it uploaded: its large size (else the file), site-relative. */
export const editorImageUrl = (image: UploadUrls): string | null => siteRelativeUrl(image.sizes?.large?.url ?? image.url)

/** The public URL of an uploaded file: on FILES_URL when set, else on `siteUrl`. */
export function fileUrl(collection: 'version-files' | 'images', filename: string, siteUrl: string): string {
  return `${filesOrigin() ?? trimSlash(siteUrl)}/api/${collection}/file/${encodeURIComponent(filename)}`
}

/**
 * A description for readers off the site (the /v2 API's `body`, read by launchers): our own files it
 * links site-relative (`](/api/images/file/…)`, `src="/api/…"`) made absolute on `origin` again, as
 * Modrinth's bodies link their CDN. Other links are left as written.
 */
export function absoluteOwnLinks(markdown: string, origin: string = env.siteUrl()): string {
  const site = trimSlash(origin)
  return markdown.replace(/(\]\(\s*<?|\b(?:src|href)\s*=\s*["'])(\/api\/(?:images|version-files)\/file\/)/g, (_m, lead: string, path: string) => `${lead}${site}${path}`)
}
