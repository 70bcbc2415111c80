/**
 * Response headers for user-uploaded files. Files are served from the site's own origin unless
 * FILES_URL points elsewhere, so a file must never be rendered as a document of that origin: an
 * uploaded `x.html` or an SVG with a script would otherwise run with the visitor's cookies.
 */

/** A sandboxed, resource-less document: even if a browser renders the file, nothing in it runs or loads. */
export const FILE_CSP = "sandbox; default-src 'none'"

/** Image types the images collection accepts and that are safe to show inline (no script in them). */
export const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif'])

/**
 * `Content-Disposition` for a download (RFC 6266), with the name as an ASCII fallback and, when it
 * has other characters, as UTF-8 in `filename*` (RFC 5987). Quotes, backslashes and control
 * characters never reach the quoted fallback, so a name cannot end the parameter or add a header.
 */
export function contentDisposition(filename: string | undefined, type: 'attachment' | 'inline' = 'attachment'): string {
  if (!filename) return type
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const value = `${type}; filename="${ascii}"`
  return ascii === filename ? value : `${value}; filename*=UTF-8''${encodeRfc5987(filename)}`
}

/** Percent-encodes everything outside RFC 5987's attr-char set. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** Headers every served user file gets, whatever its type. */
function lockDown(headers: Headers): Headers {
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Content-Security-Policy', FILE_CSP)
  return headers
}

/**
 * Version files (jars, zips, anything): always a download. Payload's `modifyResponseHeaders` does not
 * get the file name, so this sets a bare `attachment` (browsers then name the file after the URL's last
 * segment) and `withDownloadFilename` adds the name where the route knows it.
 */
export function versionFileHeaders({ headers }: { headers: Headers }): Headers {
  const disposition = headers.get('Content-Disposition')
  if (!disposition?.startsWith('attachment')) headers.set('Content-Disposition', 'attachment')
  return lockDown(headers)
}

/**
 * Images may show inline, but only as one of the raster types the collection accepts; anything else
 * (a file renamed to .html or .svg on disk, a type sniffed as text) is sent as an opaque download.
 */
export function imageHeaders({ headers }: { headers: Headers }): Headers {
  const type = (headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  if (!INLINE_IMAGE_TYPES.has(type)) {
    headers.set('Content-Type', 'application/octet-stream')
    if (!headers.get('Content-Disposition')?.startsWith('attachment')) headers.set('Content-Disposition', 'attachment')
  }
  return lockDown(headers)
}

/** `/api/<collection>/file/<name>`: the collection and decoded file name, or null for other paths. */
export function parseFilePath(slug: readonly string[]): { collection: string; filename: string } | null {
  if (slug.length !== 3 || slug[1] !== 'file') return null
  return { collection: slug[0], filename: slug[2] }
}

/**
 * Adds the file name to a download's bare `attachment` disposition (the REST route knows the name;
 * `modifyResponseHeaders` does not). Other responses pass unchanged.
 */
export function withDownloadFilename(response: Response, filename: string): Response {
  if (response.headers.get('Content-Disposition') !== 'attachment') return response
  const headers = new Headers(response.headers)
  headers.set('Content-Disposition', contentDisposition(filename))
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
