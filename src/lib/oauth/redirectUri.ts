/**
 * Which redirect URIs an application may register (RFC 8252 / OAuth 2.1): https anywhere, http only
 * on this machine's loopback (native apps), or an app's own scheme (`com.example.app:/callback`);
 * never a fragment, never javascript:/data:/file:. Returns the problem, or null when fine.
 */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'about:', 'blob:'])
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

export function checkRedirectUri(value: string): string | null {
  const uri = value.trim()
  if (!uri) return 'Enter a redirect URI.'
  if (uri.length > 2048) return 'A redirect URI is at most 2048 characters.'
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return 'A redirect URI must be an absolute address, e.g. https://example.com/callback.'
  }
  if (url.hash) return 'A redirect URI cannot contain a fragment (#).'
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return 'This kind of address cannot be a redirect URI.'
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return 'Use https, or http only on localhost.'
  if (url.protocol !== 'https:' && url.protocol !== 'http:' && !/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/i.test(url.protocol))
    return 'A custom scheme must be reverse-domain, e.g. com.example.app:/callback.'
  return null
}

/** The registered URI the request names, compared exactly (no prefix or wildcard matching). */
export const isRegistered = (requested: string, registered: readonly string[]) => registered.includes(requested)
