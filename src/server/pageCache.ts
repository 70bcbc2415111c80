/**
 * The whole-page cache in front of Next's request handler (src/lib/cache/pageCache.ts keeps the
 * pages): the equivalent of Next's full-route cache for our dynamic pages, keyed and invalidated by
 * the public-read cache's tags.
 *
 * Only a visitor who could not be anyone in particular is served from it or stored into it: a `GET`
 * or `HEAD` of a project page or profile (CACHEABLE_PAGE) with no cookie but those that choose a look
 * (LOOK_COOKIES: kept per combination), no `Authorization`, and none of Next's router headers (`RSC`, `Next-*`) nor `_rsc` query. Such a request
 * renders inside a collector (src/lib/cache/collector.ts) while the answer streams to the client as
 * usual and a copy is kept aside; the copy is stored when the answer is a `200` of `text/html` without
 * `Set-Cookie` and every read behind it was a tagged public read (at least one, none bypassed).
 *
 * The key is the URL (path and query) with the other inputs the page is made from: the look
 * cookies, `Accept-Language` (the locale) and `Accept-Encoding` (Next compresses; the stored bytes
 * are the compressed ones, with their `Content-Encoding`). `X-Page-Cache: hit|miss` says which it was.
 *
 * Simultaneous misses of a page that was kept before wait for one render (`rendering`, below).
 *
 * `PAGE_CACHE=false` turns it off; it serves nothing while the public-read cache is off (its
 * invalidation listener is down), since then nothing would tell it a page went stale.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { LOCALE_COOKIE } from '../i18n/config'
import { cacheEnabled, collectPage, newPageCollector, pageCache, type CachedPage } from '../lib/cache'
import { COSMETIC_NAMES } from '../lib/cosmetics'
import { env } from '../lib/env'
import { PROJECT_TYPE_PATTERN, PROJECT_TYPES, projectTypeSearchPath } from '../lib/projectTypes'
import { COLOR_MODE_COOKIE } from '../lib/theme'

/**
 * The pages whose every read goes through the tagged public-read cache: a project's pages (overview,
 * versions, a version, gallery, changelog), user and organization profiles, the six search pages
 * (each query its own entry; any change to the search index drops them) and the home page (its lists
 * go when the index or the news change, or when an article dated ahead goes live). Only these may be
 * kept. The collector sees only reads made through the cache, so a page that also reads the database
 * directly (the news pages) would be kept with a tag set that misses those reads and shown stale:
 * such pages are never kept.
 */
const SEARCH_PATHS = PROJECT_TYPES.map((type) => projectTypeSearchPath(type).slice(1)).join('|')
const CACHEABLE_PAGE = new RegExp(`^/$|^/(?:(?:${PROJECT_TYPE_PATTERN})/[^/]+(?:/(?:versions|gallery|changelog|version/[^/]+))?|(?:user|organization)/[^/]+(?:/[a-z]+)?|(?:${SEARCH_PATHS}))/?$`)

/** Headers that describe one response on the wire, not the page: never stored. */
const NOT_STORED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'set-cookie', 'x-page-cache'])

/**
 * Cookies that only choose how a page looks (spec §3's cosmetics, the colour mode, the language):
 * a visitor who sent nothing else is still anyone, and the page is kept per combination of them.
 */
const LOOK_COOKIES: ReadonlySet<string> = new Set([COLOR_MODE_COOKIE, LOCALE_COOKIE, ...COSMETIC_NAMES])

/**
 * The part of the key the cookies make: '' without cookies, the cookies as sent when every one of
 * them only chooses a look, else null (a session, or anything unknown, gets its own render). A name
 * sent twice is refused rather than guessed at.
 */
function lookCookies(header: string | undefined): string | null {
  if (header === undefined) return ''
  const seen = new Map<string, string>()
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    const name = (eq < 0 ? part : part.slice(0, eq)).trim()
    if (!name) continue
    if (!LOOK_COOKIES.has(name) || seen.has(name)) return null
    seen.set(name, eq < 0 ? '' : part.slice(eq + 1).trim())
  }
  return [...seen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([n, v]) => `${n}=${v}`).join('; ')
}

/** The cache key of a request that may use the page cache, or null. */
export function pageCacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (!env.pageCacheEnabled()) return null
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  const url = req.url ?? '/'
  if (!url.startsWith('/')) return null
  const h = req.headers
  if (h.authorization !== undefined || h['proxy-authorization'] !== undefined) return null
  const looks = lookCookies(h.cookie)
  if (looks === null) return null
  for (const name of Object.keys(h)) if (name === 'rsc' || name.startsWith('next-')) return null
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  // The allowlist alone decides (a version page's path may end in ".0", which looks like a file).
  if (!CACHEABLE_PAGE.test(path)) return null
  if (q !== -1 && new URLSearchParams(url.slice(q + 1)).has('_rsc')) return null
  return JSON.stringify([url, h['accept-language'] ?? '', h['accept-encoding'] ?? '', looks])
}

function send(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const headers: OutgoingHttpHeaders = { ...page.headers, 'content-length': page.body.length, 'x-page-cache': 'hit' }
  res.writeHead(page.status, headers)
  res.end(req.method === 'HEAD' ? undefined : page.body)
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/**
 * Single flight: the render in progress for each key whose page was kept before. When a popular
 * page expires or is dropped, the requests arriving during its render wait for that one render and
 * are served its copy, instead of all rendering at once (each render costs tens of milliseconds of
 * CPU; twenty at once queue behind each other). Resolves with whether the page was kept.
 */
const rendering = new Map<string, Promise<boolean>>()
/**
 * A waiter gives up and renders itself after this long: the leader's render ends only when its
 * answer is written, so a client reading slowly holds it up (a render alone takes well under this).
 */
const WAIT_MS = 2_000

const waitFor = (render: Promise<boolean>): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), WAIT_MS)
    void render.then((kept) => {
      clearTimeout(timer)
      resolve(kept)
    })
  })

/**
 * Wraps Next's request handler: answers from the page cache when it may, else lets `handle` answer
 * (collecting, and keeping a copy when the answer may be stored).
 */
export function withPageCache(handle: Handler): Handler {
  return async (req, res) => {
    const key = cacheEnabled() ? pageCacheKey(req) : null
    if (key === null) return handle(req, res)
    const pages = pageCache()
    const hit = pages.get(key)
    if (hit) return send(req, res, hit)

    // HEAD answers carry no body: they are served from stored GETs but never stored.
    if (req.method !== 'GET') {
      res.setHeader('X-Page-Cache', 'miss')
      return handle(req, res)
    }
    const inFlight = rendering.get(key)
    if (inFlight && (await waitFor(inFlight))) {
      const kept = pages.get(key)
      if (kept) return send(req, res, kept)
    }
    res.setHeader('X-Page-Cache', 'miss')
    // Lead a single flight when the page was kept before (see `rendering`); `finish` tells the waiters.
    let finish = (_kept: boolean) => {}
    if (!inFlight && pages.isKnown(key)) {
      let resolve!: (kept: boolean) => void
      const render = new Promise<boolean>((r) => (resolve = r))
      rendering.set(key, render)
      finish = (kept) => {
        finish = () => {}
        if (rendering.get(key) === render) rendering.delete(key)
        if (!kept) pages.forget(key)
        resolve(kept)
      }
      res.once('close', () => finish(false))
    }
    const startedAt = pages.epoch
    const collector = newPageCollector()
    const chunks: Buffer[] = []
    let bytes = 0
    let keep = true
    let headArg: OutgoingHttpHeaders | null = null
    const limit = 4 * 1024 * 1024

    const copy = (chunk: unknown, encoding?: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buf = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding) : Buffer.from(chunk as Uint8Array)
      bytes += buf.length
      if (bytes > limit) {
        keep = false
        chunks.length = 0
        return
      }
      chunks.push(Buffer.from(buf)) // a copy: the writer may reuse its buffer
    }

    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
    res.writeHead = ((...args: unknown[]) => {
      const extra = args.find((a, i) => i > 0 && a && typeof a === 'object')
      if (Array.isArray(extra)) keep = false // raw header arrays: not worth reading back
      else if (extra) headArg = { ...(headArg ?? {}), ...(extra as OutgoingHttpHeaders) }
      return writeHead(...args)
    }) as typeof res.writeHead
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    res.write = ((...args: unknown[]) => {
      copy(args[0], args[1])
      return write(...args)
    }) as typeof res.write
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
    res.end = ((...args: unknown[]) => {
      copy(args[0], args[1])
      finish(store())
      return end(...args)
    }) as typeof res.end

    /** Keeps the copy when the answer qualifies; whether it did. */
    const store = (): boolean => {
      if (!keep) return false
      keep = false
      if (res.destroyed || res.statusCode !== 200 || collector.uncacheable !== null || collector.reads === 0 || collector.tags.size === 0) return false
      const all: OutgoingHttpHeaders = { ...res.getHeaders(), ...(headArg ?? {}) }
      const type = all['content-type']
      if (typeof type !== 'string' || !type.startsWith('text/html')) return false
      if (all['set-cookie'] !== undefined) return false
      const headers: CachedPage['headers'] = {}
      for (const [name, value] of Object.entries(all)) {
        const lower = name.toLowerCase()
        if (value === undefined || NOT_STORED.has(lower)) continue
        headers[lower] = Array.isArray(value) ? value.map(String) : String(value)
      }
      return pages.put(key, { status: 200, headers, body: Buffer.concat(chunks), tags: [...collector.tags], storedAt: Date.now(), expiresAt: collector.expiresAt ?? undefined }, startedAt)
    }

    return collectPage(collector, () => handle(req, res))
  }
}
