/**
 * The site's cookies and their flags, each stated once: the preference cookies (colour mode,
 * cosmetics, search view modes: spec §3, site-wide, same-site lax, script-readable, secure on
 * https), the language, the provider sign-in flow and Payload's session. One parser and one
 * serializer serve the cookies the browser writes itself (`document.cookie`). Pure, for both sides:
 * `secure` is passed in (env.secureCookies() on the server, `location.protocol === 'https:'` in the
 * browser).
 */

/** The options of Next's `cookies().set`, as far as the site uses them. */
export type SiteCookieOptions = { path: string; maxAge: number; sameSite: 'lax' | 'strict'; httpOnly: boolean; secure: boolean }

/** How a page looks (colour mode, cosmetics, search view modes): site-wide, same-site lax, readable by scripts (they write these too). */
export const preferenceCookieOptions = (maxAgeSeconds: number, secure = false): SiteCookieOptions => ({ path: '/', maxAge: maxAgeSeconds, sameSite: 'lax', httpOnly: false, secure })

/** The chosen language (spec §3 "Cookie locale (one year, strict same-site, secure)"). */
export const localeCookieOptions = (maxAgeSeconds: number, secure: boolean): SiteCookieOptions => ({ path: '/', maxAge: maxAgeSeconds, sameSite: 'strict', httpOnly: false, secure })

/**
 * The sealed PKCE, state and nonce of a sign-in with a provider: HttpOnly, same-site lax (the
 * provider sends the browser back with a top-level GET), only under /auth/provider, ten minutes.
 */
export const PROVIDER_FLOW_COOKIE_PATH = '/auth/provider'
export const providerFlowCookieOptions = (secure: boolean): SiteCookieOptions => ({ path: PROVIDER_FLOW_COOKIE_PATH, maxAge: 600, sameSite: 'lax', httpOnly: true, secure })

/**
 * Payload's session cookie (`{cookiePrefix}-token`): HttpOnly (Payload always sets it), same-site Lax
 * (the Users collection's `auth.cookies`, in Payload's spelling), Secure as env.secureCookies() says.
 */
export const SESSION_COOKIE_FLAGS = { httpOnly: true, sameSite: 'Lax' } as const

/**
 * Parses a `Cookie` request header into name → value. The first occurrence of a name wins (as
 * browsers send the most specific cookie first); values are percent-decoded when valid.
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (!name || name in out) continue
    let value = part.slice(eq + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    try {
      out[name] = decodeURIComponent(value)
    } catch {
      out[name] = value // not valid percent-encoding: keep it as sent
    }
  }
  return out
}

/** A preference cookie as a `document.cookie` assignment (or `Set-Cookie` value): preferenceCookieOptions' flags. */
export function serializeSiteCookie(name: string, value: string, opts: { maxAgeSeconds: number; secure?: boolean }): string {
  const o = preferenceCookieOptions(opts.maxAgeSeconds, !!opts.secure)
  const sameSite = o.sameSite === 'lax' ? 'Lax' : 'Strict'
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path}`, `Max-Age=${o.maxAge}`, `SameSite=${sameSite}`]
  if (o.secure) parts.push('Secure')
  return parts.join('; ')
}
