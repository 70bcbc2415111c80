// Plain JavaScript: next.config.mjs imports it, and Next loads that file without compiling TypeScript.

/**
 * The Content-Security-Policy of every page, /api and /admin response. Next's App Router and the
 * Payload admin inline their bootstrap scripts (`self.__next_f.push(...)`) and styles without a nonce,
 * so scripts and styles need 'unsafe-inline' for now; a nonce from proxy.ts would let that go for the
 * site, but the admin and static pages would then have to render per request. Everything else is
 * tight: no plugins, no framing of the site, forms and <base> only to this origin.
 *
 * The one exception is the admin panel's live preview of a news article: the admin frames the
 * article's preview page on the same origin (`framesSelf` on /admin, `framedBySelf` on that page).
 *
 * @param {{ dev?: boolean, filesOrigin?: string | null, framesSelf?: boolean, framedBySelf?: boolean }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy({ dev = false, filesOrigin = null, framesSelf = false, framedBySelf = false } = {}) {
  const files = filesOrigin ? ` ${new URL(filesOrigin).origin}` : ''
  return [
    "default-src 'self'",
    // next dev evaluates modules with eval() for fast refresh; production never does.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Markdown images come from allowed hosts or the https image proxy (spec §5); uploads from FILES_URL.
    `img-src 'self' data: blob: https:${files}`,
    `media-src 'self' https:${files}`,
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}${files}`,
    // The only embeds the Markdown sanitizer keeps: YouTube videos and the Discord widget.
    `frame-src${framesSelf ? " 'self'" : ''} https://www.youtube.com https://www.youtube-nocookie.com https://discord.com`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framedBySelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Headers every response carries (next.config.mjs `headers()` applies them to pages, /api, /admin and
 * /v2 alike). Served user files override the CSP with their own sandbox (src/lib/files/downloadHeaders.ts).
 *
 * @param {{ dev?: boolean, filesOrigin?: string | null, framesSelf?: boolean, framedBySelf?: boolean }} [options]
 * @returns {{ key: string, value: string }[]}
 */
export function securityHeaders(options = {}) {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'X-Frame-Options', value: options.framedBySelf ? 'SAMEORIGIN' : 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    // Nothing on the site uses these; a script injected despite everything cannot either.
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()' },
  ]
}
