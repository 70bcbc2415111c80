import { safeRedirectPath } from '../http/safeRedirect'

/** Request header set by src/proxy.ts with the query string (`?a=b` or empty). */
export const SEARCH_HEADER = 'x-search'

export const SIGN_IN_PATH = '/auth/sign-in'

/** Where a signed-out visitor of `path` signs in: the sign-in page, with the way back. */
export function signInPathFor(path: string): string {
  const back = safeRedirectPath(path, '/')
  return back === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?redirect=${encodeURIComponent(back)}`
}

/** Where to go after signing in: the `?redirect=` when it stays on this site, else home. */
export const afterSignInPath = (redirect: unknown): string => {
  const target = safeRedirectPath(redirect, '/')
  // Back to an auth page (sign-in itself, sign-up) would be a loop or a dead end.
  return /^\/auth\/(sign-in|sign-up|reset-password)(?:[/?#]|$)/.test(target) ? '/' : target
}
