import { createHash } from 'node:crypto'

/**
 * Validators for API reads: a weak ETag from the body's hash, so a client that already holds the
 * answer (a launcher polling a project) gets `304 Not Modified` and no body. Weak, because the same
 * JSON may be sent compressed or not.
 */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`
}

/** Whether `If-None-Match` names this ETag (or `*`), compared weakly as RFC 9110 §13.1.2 asks. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted)
}
