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
 * With real Stripe (`stripe`: a publishable key is set), Stripe's card form on the billing pages loads
 * its script from js.stripe.com, frames its fields from there and talks to api.stripe.com.
 *
 * A hosted server's pages open its console: a websocket to the node's agent, whose address is data
 * (nodes are added in /admin), so those pages (`consoles`) may connect to any ws:/wss: address; the
 * agent accepts only a short-lived token the site signed for that server.
 *
 * @param {{ dev?: boolean, filesOrigin?: string | null, framesSelf?: boolean, framedBySelf?: boolean, stripe?: boolean, consoles?: boolean }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy({ dev = false, filesOrigin = null, framesSelf = false, framedBySelf = false, stripe = false, consoles = false } = {}) {
  const files = filesOrigin ? ` ${new URL(filesOrigin).origin}` : ''
  const stripeScript = stripe ? ' https://js.stripe.com' : ''
  return [
    "default-src 'self'",
    // next dev evaluates modules with eval() for fast refresh; production never does.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}${stripeScript}`,
    "style-src 'self' 'unsafe-inline'",
    // Markdown images come from allowed hosts or the https image proxy (spec §5); uploads from FILES_URL.
    `img-src 'self' data: blob: https:${files}`,
    `media-src 'self' https:${files}`,
    "font-src 'self' data:",
    `connect-src 'self'${dev || consoles ? ' ws: wss:' : ''}${files}${stripe ? ' https://api.stripe.com' : ''}`,
    // The only embeds the Markdown sanitizer keeps: YouTube videos and the Discord widget.
    `frame-src${framesSelf ? " 'self'" : ''} https://www.youtube.com https://www.youtube-nocookie.com https://discord.com${stripe ? ' https://js.stripe.com https://hooks.stripe.com' : ''}`,
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
 * @param {{ dev?: boolean, filesOrigin?: string | null, framesSelf?: boolean, framedBySelf?: boolean, stripe?: boolean, consoles?: boolean }} [options]
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
