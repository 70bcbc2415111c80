
import { cookies } from 'next/headers'
import { generatePayloadCookie, type Payload } from 'payload'

import { SESSION_COOKIE_FLAGS } from '../cookies'

type CookieObject = { name: string; value?: string; expires?: string; httpOnly?: boolean; path?: string; sameSite?: string; secure?: boolean; domain?: string }

/**
 * Sets Payload's own session cookie (`payload-token`, HttpOnly, the collection's SameSite/Secure), as
 * its REST login does: the same session then works on the site, in /admin and on /v2.
 */
export async function setSessionCookie(payload: Payload, token: string): Promise<void> {
  const cookie = generatePayloadCookie({
    collectionAuthConfig: payload.collections.users.config.auth,
    cookiePrefix: payload.config.cookiePrefix,
    token,
    returnCookieAsObject: true,
  }) as CookieObject
  const store = await cookies()
  store.set(cookie.name, cookie.value ?? '', {
    httpOnly: SESSION_COOKIE_FLAGS.httpOnly,
    path: cookie.path ?? '/',
    secure: !!cookie.secure,
    sameSite: (cookie.sameSite?.toLowerCase() as 'lax' | 'strict' | 'none' | undefined) ?? (SESSION_COOKIE_FLAGS.sameSite.toLowerCase() as 'lax'),
    expires: cookie.expires ? new Date(cookie.expires) : undefined,
    domain: cookie.domain,
  })
}

export async function clearSessionCookie(payload: Payload): Promise<void> {
  const store = await cookies()
  const domain = payload.collections.users.config.auth.cookies.domain
  store.set(`${payload.config.cookiePrefix}-token`, '', { path: '/', maxAge: 0, httpOnly: SESSION_COOKIE_FLAGS.httpOnly, ...(domain ? { domain } : {}) })
}
