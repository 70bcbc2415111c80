import type { AuthUser } from '../data/viewer'

/** Payload's session check names its users so; the served-origin strategy uses the same name. */
export const SESSION_STRATEGY = 'local-jwt'

/**
 * The headers a site page, route handler or server action signs someone in with: all but
 * `Authorization`. A personal access token, an OAuth token, even a session token sent as `JWT …` or
 * `Bearer …`, is not a browser: tokens belong to /v2 and /api, where their scopes bind. Only the
 * browser's session cookie (HttpOnly, SameSite, checked against the CSRF origins) is left to read.
 */
export function withoutAuthorization(headers: Headers): Headers {
  const copy = new Headers(headers)
  copy.delete('authorization')
  return copy
}

/** A user that came from a live session (Payload's own check, with its session id), never a token. */
export const isSessionUser = (user: AuthUser | null | undefined): user is AuthUser => user?._strategy === SESSION_STRATEGY && typeof user._sid === 'string' && user._sid.length > 0
