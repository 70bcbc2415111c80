/**
 * The API's fast path: `/v2`, `/v3` and the OAuth provider's routes answered straight from the Node
 * request by our own router (src/plugins/api-v2), without Next's per-request pipeline (route
 * matching, the proxy matcher, header rules, AsyncLocalStorage contexts, the App Router's request
 * adaptation). Everything else goes on to Next. `src/server/main.ts` puts it in front of Next.
 *
 * The answers are the router's own (auth, scopes, rate limits, CORS, errors, ETag/304,
 * Cache-Control), plus what Next would have added on the way out: the security headers of
 * next.config.mjs (src/lib/http/securityHeaders.mjs) and gzip for a client that accepts it (Next's
 * `compress`, on by default: compressible types from 1 KiB, `Vary: Accept-Encoding`).
 *
 * Which paths it takes is the API plugin's list of mounts on the built config
 * (src/plugins/api-v2/mounts.ts). The Next route handlers (src/app/v2, v3, _internal/oauth, updates)
 * stay: they serve the same mounts under `next dev` and a plain `next start`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { constants, gzip as gzipCallback } from 'node:zlib'

import type { SanitizedConfig } from 'payload'

import { env } from '../lib/env'
import { securityHeaders } from '../lib/http/securityHeaders.mjs'
import { apiHandler, apiMountsOf, mountFor, type ApiMountName, type FetchHandler } from '../plugins/api-v2'

export type { FetchHandler }

const gzip = promisify(gzipCallback) as (buffer: Buffer, options: { level: number }) => Promise<Buffer>

export type FastPathOptions = {
  /** The built config: its API mounts say which paths the fast path answers. */
  config: SanitizedConfig
  /** Handlers by mount (tests pass their own); default: each mount's own. */
  handlers?: Partial<Record<ApiMountName, FetchHandler>>
  /** Headers every answer carries; default: next.config.mjs's security headers for this environment. */
  headers?: { key: string; value: string }[]
  /** Gzip compressible answers from 1 KiB when the client accepts it, as Next does (default true). */
  compress?: boolean
}


/**
 * The security headers Next's config gives a `/v2` response (all of them, CSP included: the CSP
 * exception of next.config.mjs is for served user files under /api).
 */
export const defaultSecurityHeaders = () => securityHeaders({ dev: env.development(), filesOrigin: env.filesUrl() || null })

const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]*\+)?json|text\/|application\/(?:javascript|xml))/i
const THRESHOLD = 1024
const LARGE = 64 * 1024

/** Whether the client takes gzip (`Accept-Encoding`, a q of 0 refuses it). */
export function acceptsGzip(value: string | string[] | undefined): boolean {
  const header = Array.isArray(value) ? value.join(',') : (value ?? '')
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== '*') continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    return q === undefined || Number(q) > 0
  }
  return false
}

/** The Node request as a fetch `Request` (the body streamed, not buffered). */
export function toRequest(req: IncomingMessage, signal?: AbortSignal): Request {
  // From `req.headers`, not `rawHeaders`: the peer-address patch (src/lib/http/peerAddress.ts)
  // appends the socket's address to X-Forwarded-For there, and the rate limits key on it.
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.charCodeAt(0) === 58 /* ':' HTTP/2 pseudo-header */) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const method = req.method ?? 'GET'
  // A Host header that is no host name (a client's invention) must not make the URL unparsable.
  const host = req.headers.host && /^[\w.-]+(?::\d+)?$|^\[[\d:a-fA-F.]+\](?::\d+)?$/.test(req.headers.host) ? req.headers.host : 'localhost'
  const url = `http://${host}${req.url ?? '/'}`
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types do not know it.
    duplex: hasBody ? 'half' : undefined,
    signal,
  })
}

function appendVary(res: ServerResponse, value: string) {
  const current = res.getHeader('vary')
  const list = String(current ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  if (list.some((v) => v === '*' || v.toLowerCase() === value.toLowerCase())) return
  res.setHeader('Vary', [...list, value].join(', '))
}

/** Writes a fetch `Response` to the Node response: headers, then the body (compressed when it should be). */
export async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response, options: { headers: { key: string; value: string }[]; compress: boolean }): Promise<void> {
  for (const { key, value } of options.headers) res.setHeader(key, value)
  const cookies = response.headers.getSetCookie()
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') res.setHeader(key, value)
  })
  if (cookies.length) res.setHeader('Set-Cookie', cookies)
  res.statusCode = response.status

  const noBody = req.method === 'HEAD' || response.status === 204 || response.status === 304 || !response.body
  const type = response.headers.get('content-type') ?? ''
  const compressible = options.compress && COMPRESSIBLE.test(type) && !response.headers.has('content-encoding') && !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get('cache-control') ?? '')
  if (compressible) appendVary(res, 'Accept-Encoding')
  if (noBody) {
    await response.body?.cancel().catch(() => undefined)
    res.end()
    return
  }
  if (!compressible && !type.includes('json') && !type.startsWith('text/')) {
    // Anything else (none of the API's answers today) is streamed through as it comes.
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res)
    return
  }
  let body: Buffer = Buffer.from(await response.arrayBuffer())
  if (compressible && body.length >= THRESHOLD && acceptsGzip(req.headers['accept-encoding'])) {
    // Large answers (a 500-hash update check is ~500 KB of JSON) at zlib's fastest level: half the
    // CPU of the default level for ~15% more bytes; small ones at the default level, as Next sends them.
    body = await gzip(body, { level: body.length >= LARGE ? constants.Z_BEST_SPEED : constants.Z_DEFAULT_COMPRESSION })
    res.setHeader('Content-Encoding', 'gzip')
  }
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

/**
 * `(req, res) => boolean`: answers the API's paths (true) and leaves every other request alone
 * (false), for the caller to hand on to Next.
 */
export function createFastPath(options: FastPathOptions) {
  const mounts = apiMountsOf(options.config)
  const handlers = new Map(mounts.map((m) => [m.name, options.handlers?.[m.name] ?? apiHandler(options.config, m.name)]))
  const send = { headers: options.headers ?? defaultSecurityHeaders(), compress: options.compress ?? true }

  return function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const mount = mountFor(mounts, q === -1 ? url : url.slice(0, q))
    if (!mount) return false
    void serve(handlers.get(mount.name)!, req, res)
    return true
  }

  async function serve(handler: FetchHandler, req: IncomingMessage, res: ServerResponse) {
    const aborted = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort()
    })
    try {
      const response = await handler(toRequest(req, aborted.signal))
      await sendResponse(req, res, response, send)
    } catch (error) {
      // The router answers its own errors; this is a failure around it (a broken connection, a bad URL).
      if (aborted.signal.aborted) return
      console.error('v2 fast path:', error)
      if (res.headersSent) return void res.destroy()
      res.statusCode = 500
      for (const { key, value } of send.headers) res.setHeader(key, value)
      res.setHeader('Content-Type', 'application/json')
      res.setHeader('Access-Control-Allow-Origin', '*')
      res.end(JSON.stringify({ error: 'internal_error', description: 'An internal error occurred' }))
    }
  }
}
