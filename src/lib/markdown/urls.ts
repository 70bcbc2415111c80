import { MEDIA_HOSTS } from './whitelist'

/**
 * URL rules for links and media (spec §5). Every URL is decoded, checked, and written back fully re-escaped,
 * so what the browser reads is exactly what was checked. Schemes are allow-listed rather than block-listed:
 * the spec's rejected four (javascript, vbscript, file, data) are covered, and so is anything new.
 */

/** Links may use these schemes (or be relative). */
const LINK_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel'])
/** Remote media may use these schemes (or be relative). */
const MEDIA_SCHEMES: ReadonlySet<string> = new Set(['http', 'https'])
/** The one `data:` form allowed, and only as a media source. */
const DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);base64,[a-z0-9+/=\s]*$/i
/** What external links carry (spec §5). */
export const EXTERNAL_LINK_REL = 'noopener nofollow ugc'
/** wsrv.nl parameters that redirect elsewhere when the image fails, which would bypass the proxy. */
const PROXY_REDIRECT_PARAMS = ['errorredirect', 'default']

/** The image proxy every non-allowlisted media source goes through; `n=-1` keeps every frame of animations. */
export const proxyImageUrl = (url: string): string => `https://wsrv.nl/?url=${encodeURIComponent(url)}&n=-1`

/**
 * Named character references a URL might be smuggled through, case as HTML spells them. Unknown names are left
 * alone; re-escaping turns them into literal text, so they can never decode to something unchecked.
 */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', AMP: '&', lt: '<', LT: '<', gt: '>', GT: '>', quot: '"', QUOT: '"', apos: "'",
  colon: ':', Tab: '\t', NewLine: '\n', nbsp: '\u00a0', sol: '/', bsol: '\\', period: '.', num: '#',
  quest: '?', equals: '=', lpar: '(', rpar: ')', commat: '@', percnt: '%', comma: ',', semi: ';',
}

/** Decodes character references as a browser would in an attribute (numeric ones even without `;`). */
export function decodeEntities(value: string): string {
  return value.replace(/&(?:#(x[0-9a-f]+|\d+);?|([a-z][a-z0-9]*);)/gi, (match, numeric: string | undefined, name: string | undefined) => {
    if (numeric !== undefined) {
      const code = numeric[0] === 'x' || numeric[0] === 'X' ? parseInt(numeric.slice(1), 16) : parseInt(numeric, 10)
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      return valid ? String.fromCodePoint(code) : '\ufffd'
    }
    return name !== undefined && Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : match
  })
}

/** Escapes a URL (or any value) for a double-quoted attribute, `&` included. */
export const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const isControlOrSpace = (char: string): boolean => char.charCodeAt(0) <= 0x20

/** What the browser's URL parser does first: drop tabs and newlines anywhere, controls and spaces at the ends. */
export function cleanUrl(decoded: string): string {
  const stripped = decoded.replace(/[\t\n\r]/g, '')
  let start = 0
  let end = stripped.length
  while (start < end && isControlOrSpace(stripped[start])) start++
  while (end > start && isControlOrSpace(stripped[end - 1])) end--
  return stripped.slice(start, end)
}

/**
 * The URL's scheme in lower case, null for a relative URL, or undefined when the part before the first `/?#`
 * holds a colon but no valid scheme (e.g. an obfuscated "java\u0000script:"), which is rejected outright.
 */
function schemeOf(url: string): string | null | undefined {
  const firstSegment = url.split(/[/?#\\]/, 1)[0]
  const colon = firstSegment.indexOf(':')
  if (colon === -1) return null
  const scheme = firstSegment.slice(0, colon)
  return /^[a-z][a-z0-9+.-]*$/i.test(scheme) ? scheme.toLowerCase() : undefined
}

/** The bare host name of a configured site host ("Example.com:3000" → "example.com"). */
export function normalizeHost(host: string): string {
  try {
    return new URL(`http://${host.trim()}`).hostname
  } catch {
    return host.trim().toLowerCase()
  }
}

const isOwnHost = (hostname: string, siteHost: string): boolean => hostname === siteHost || hostname === `www.${siteHost}`

/** Resolves against the site so relative and protocol-relative URLs get the host a browser would give them. */
function resolve(url: string, siteHost: string): URL | null {
  try {
    return new URL(url, `https://${siteHost}/`)
  } catch {
    return null
  }
}

/**
 * An absolute URL on the site's own origin as a site-relative one (path, query, fragment), so it points at
 * whatever host name the page was reached by. Relative URLs and other origins are returned as written.
 */
function onOwnOrigin(written: string, url: URL, siteOrigin: string | null | undefined): string {
  if (!siteOrigin || url.origin !== siteOrigin || schemeOf(written) === null) return written
  const path = `${url.pathname}${url.search}${url.hash}`
  // "//host/…" would be read as another host: such a URL stays absolute.
  return path.startsWith('//') ? written : path
}

export interface SafeLink {
  href: string
  /** Not on the site's own domain, so it gets `rel="noopener nofollow ugc"`. */
  external: boolean
}

/**
 * A link target that may be kept, or null to drop the `href`. `raw` is the attribute value as written; a
 * link on `siteOrigin` comes back site-relative.
 */
export function safeLink(raw: string, siteHost: string, siteOrigin?: string | null): SafeLink | null {
  const href = cleanUrl(decodeEntities(raw))
  if (!href) return null
  const scheme = schemeOf(href)
  if (scheme === undefined || (scheme !== null && !LINK_SCHEMES.has(scheme))) return null
  const url = resolve(href, siteHost)
  if (!url) return null
  const relative = onOwnOrigin(href, url, siteOrigin)
  if (relative !== href) return { href: relative, external: false }
  const ownSite = (url.protocol === 'https:' || url.protocol === 'http:') && isOwnHost(url.hostname, siteHost)
  return { href, external: !ownSite }
}

/** An already decoded media URL as it may be used: direct (site-relative when on `siteOrigin`), proxied, or null when rejected. */
function safeMediaUrl(src: string, siteHost: string, siteOrigin: string | null | undefined): string | null {
  if (!src) return null
  if (DATA_IMAGE.test(src)) return src
  const scheme = schemeOf(src)
  if (scheme === undefined || (scheme !== null && !MEDIA_SCHEMES.has(scheme))) return null
  const url = resolve(src, siteHost)
  if (!url) return null
  const relative = onOwnOrigin(src, url, siteOrigin)
  if (relative !== src || isOwnHost(url.hostname, siteHost)) return relative
  if (url.hostname === 'wsrv.nl') {
    for (const param of PROXY_REDIRECT_PARAMS) url.searchParams.delete(param)
    return url.href
  }
  return MEDIA_HOSTS.has(url.hostname) ? src : proxyImageUrl(url.href)
}

/** A media source (`img`/`video`/`audio`/`source` `src`) as it may be used, or null to drop it. */
export const safeMediaSrc = (raw: string, siteHost: string, siteOrigin?: string | null): string | null =>
  safeMediaUrl(cleanUrl(decodeEntities(raw)), siteHost, siteOrigin)

/** `srcset` with every candidate URL passed through the media rules; candidates that fail are left out. */
export function safeSrcset(raw: string, siteHost: string, siteOrigin?: string | null): string | null {
  const kept: string[] = []
  for (const { url, descriptor } of splitSrcset(decodeEntities(raw))) {
    const safe = safeMediaUrl(cleanUrl(url), siteHost, siteOrigin)
    if (safe === null || (descriptor && !/^\d+(\.\d+)?[wx]$/.test(descriptor))) continue
    kept.push(descriptor ? `${safe} ${descriptor}` : safe)
  }
  return kept.length ? kept.join(', ') : null
}

/** Splits a srcset into candidates the way HTML does: a URL runs to whitespace; a trailing comma ends it. */
function splitSrcset(value: string): { url: string; descriptor: string }[] {
  const candidates: { url: string; descriptor: string }[] = []
  let i = 0
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i])) i++
    let start = i
    while (i < value.length && !/\s/.test(value[i])) i++
    let url = value.slice(start, i)
    let descriptor = ''
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '')
    } else {
      start = i
      while (i < value.length && value[i] !== ',') i++
      descriptor = value.slice(start, i).trim()
    }
    if (url) candidates.push({ url, descriptor })
  }
  return candidates
}
