/**
 * Error-page logic (spec §8): which "not found" page a path gets, which reasons it lists, and how a
 * thrown value becomes the status code and message of the "Uh oh!" page. Pure: no framework imports.
 * The texts live in messages/en-US.json under `Errors`; this module only hands out message keys.
 */

/** Request header set by src/proxy.ts with the requested path (the 404 page picks its variant by it). */
export const PATHNAME_HEADER = 'x-pathname'

export const ENTITY_NOT_FOUND_VARIANTS = ['project', 'user', 'organization', 'collection'] as const
export type EntityNotFoundVariant = (typeof ENTITY_NOT_FOUND_VARIANTS)[number]
/** `version`: a project's version page (`/{type}/{project}/version/{version}`) whose version does not exist. */
export type NotFoundVariant = 'generic' | 'version' | EntityNotFoundVariant

/** Path prefixes of entity pages, in the order of spec §8. */
export const NOT_FOUND_PREFIXES: ReadonlyArray<readonly [prefix: string, variant: EntityNotFoundVariant]> = [
  ['/mod/', 'project'],
  ['/datapack/', 'project'],
  ['/resourcepack/', 'project'],
  ['/plugin/', 'project'],
  ['/shader/', 'project'],
  ['/modpack/', 'project'],
  ['/project/', 'project'],
  ['/user/', 'user'],
  ['/organization/', 'organization'],
  ['/collection/', 'collection'],
]

/**
 * Reason keys, in display order, for each entity page (message keys
 * `Errors.notFound.<variant>.reasons.<key>`):
 * - project: mistyped URL; URL changed, made private or deleted; taken down by moderation.
 * - user: mistyped username; renamed or deleted; account terminated.
 * - organization: mistyped URL; URL changed or deleted; removed by moderation.
 * - collection: mistyped URL; may be private; taken down.
 */
export const NOT_FOUND_REASON_KEYS = ['mistyped', 'changed', 'removed'] as const
export type NotFoundReasonKey = (typeof NOT_FOUND_REASON_KEYS)[number]

/** Strips the query string and fragment from a path or URL, keeping only the pathname. */
export function pathnameOf(pathOrUrl: string | null | undefined): string {
  if (!pathOrUrl) return '/'
  let p = pathOrUrl.trim()
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(p)
  if (scheme) p = p.slice(scheme[0].length) || '/'
  const cut = p.search(/[?#]/)
  if (cut >= 0) p = p.slice(0, cut)
  if (!p.startsWith('/')) p = `/${p}`
  return p
}

/** A version page under a project prefix: `/mod/sodium/version/1.0` (not the new-version form). */
const VERSION_PAGE = /^\/[^/]+\/[^/]+\/version\/(?!new\/?$)[^/]+/

/** Which 404 page a path gets: a version page, an entity page by prefix, otherwise the generic one. */
export function notFoundVariantForPath(pathOrUrl: string | null | undefined): NotFoundVariant {
  const path = pathnameOf(pathOrUrl)
  for (const [prefix, variant] of NOT_FOUND_PREFIXES) {
    if (!path.startsWith(prefix)) continue
    return variant === 'project' && VERSION_PAGE.test(path) ? 'version' : variant
  }
  return 'generic'
}

/** The reason keys listed on a 404 page (none for the generic and version pages). */
export function notFoundReasons(variant: NotFoundVariant): readonly NotFoundReasonKey[] {
  return variant === 'generic' || variant === 'version' ? [] : NOT_FOUND_REASON_KEYS
}

/**
 * Spec §8's `{fullPath}` of "Page Not Found: {fullPath}": the path as requested with its query string
 * (a fragment never reaches the server, so it is left out everywhere).
 */
export function notFoundFullPath(pathname: string | null | undefined, search?: string | null): string {
  const path = pathname || '/'
  const query = search?.replace(/^\?/, '')
  return query ? `${path}?${query}` : path
}

/** Spec §8: "Default error: status 1000, 'Unknown error'." */
export const UNKNOWN_ERROR_STATUS = 1000

/** The status and message shown on the "Uh oh!" page; a `null` message means "Unknown error". */
export type DisplayError = { statusCode: number; message: string | null; digest: string | null }

/**
 * In production builds a Server Component error reaches the browser without its message: React
 * sends this text, or its minified form (React error #441).
 */
const REDACTED_SERVER_MESSAGE = /^(An error occurred in the Server Components render|Minified React error #441\b)/

function statusFrom(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 9999 ? n : null
}

/**
 * Turns any thrown value into what the "Uh oh!" page shows. A `statusCode` (or `status`) on the
 * value wins; an error from a Server Component (it carries a `digest`) is a 500 whose message is
 * hidden in production; anything else is status 1000 with its message, if it has one.
 */
export function toDisplayError(thrown: unknown): DisplayError {
  if (thrown === null || thrown === undefined) return { statusCode: UNKNOWN_ERROR_STATUS, message: null, digest: null }
  if (typeof thrown === 'string') return { statusCode: UNKNOWN_ERROR_STATUS, message: thrown.trim() || null, digest: null }
  if (typeof thrown !== 'object') return { statusCode: UNKNOWN_ERROR_STATUS, message: null, digest: null }

  const o = thrown as Record<string, unknown>
  const digest = typeof o.digest === 'string' && o.digest ? o.digest : null
  const rawMessage = typeof o.message === 'string' ? o.message.trim() : ''
  const message = rawMessage && !REDACTED_SERVER_MESSAGE.test(rawMessage) ? rawMessage : null
  const statusCode = statusFrom(o.statusCode) ?? statusFrom(o.status) ?? (digest ? 500 : UNKNOWN_ERROR_STATUS)
  return { statusCode, message, digest }
}
