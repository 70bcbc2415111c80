/**
 * The one gate for redirect targets taken from user input (`back`, `?redirect=`, `returnTo`): only a
 * path on this site passes; anything else becomes `fallback`. Browsers treat `\` as `/` and drop tabs
 * and newlines anywhere in a URL, so `/\evil.example`, `/\t/evil.example` and `//evil.example` all leave
 * the site; so could `/%5cevil.example` once some layer decodes it. Those, other schemes
 * (`javascript:`) and anything not starting with one `/` are refused.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/')) return fallback
  let decoded = value
  for (let i = 0; i < 3; i++) {
    if (isUnsafe(decoded)) return fallback
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return fallback
    }
    if (next === decoded) break
    decoded = next
  }
  if (isUnsafe(decoded)) return fallback
  // Resolved against a placeholder origin, a same-site path keeps it; normalise what is sent on.
  const base = 'http://same-origin.invalid'
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return fallback
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback
}

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const isUnsafe = (path: string) => /[\u0000-\u001f\u007f\\]/.test(path) || /^\/[/\\]/.test(path)
