/**
 * Cookies the site writes from the browser (`document.cookie`) and reads on the server: one parser
 * and one serializer, so every cosmetic and theme cookie has the same attributes (spec §3: site-wide,
 * same-site lax, script-readable, secure on https).
 */

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

/** A `document.cookie` assignment (or `Set-Cookie` value): path /, same-site lax, Secure when asked. */
export function serializeSiteCookie(name: string, value: string, opts: { maxAgeSeconds: number; secure?: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${opts.maxAgeSeconds}`, 'SameSite=Lax']
  if (opts.secure) parts.push('Secure')
  return parts.join('; ')
}
