import { APIError, getPayload, ValidationError, type SanitizedConfig } from 'payload'

import { viewerFor } from '../../../lib/data'
import { env } from '../../../lib/env'
import { authenticate, authRefusal, normalizeAuthorization, withScopes } from './auth'
import { CORS_HEADERS, preflight } from './cors'
import { hasControlCharacters } from '../schemas/common'
import { errorBody, invalidInput, ROUTE_NOT_FOUND, unauthorized, V2Error } from './errors'
import { parseBody, parseQuery } from './input'
import { clientAddress } from '../../../lib/http/clientAddress'
import { etagOf, matchesIfNoneMatch } from '../../../lib/http/etag'
import { secretsEqual } from '../../../lib/tokens'
import { sharedLimiter } from '../../../lib/ratelimit/shared'
import type { RateLimiter } from './ratelimit'
import { SharedRateLimiter } from './sharedRateLimit'
import type { RouteDef } from './route'
import { Router } from './router'

export type V2HandlerOptions = {
  config: Promise<SanitizedConfig> | SanitizedConfig
  routes: readonly RouteDef[]
  /** Defaults to 300 requests a minute per client (`V2_RATE_LIMIT` overrides the number), shared by every instance. */
  limiter?: RateLimiter
  /** The name the default limiter counts under (handlers with one name share one allowance; default `v2`). */
  limitName?: string
  /** Check every 200 body against the route's response schema (on in tests; `V2_VALIDATE_RESPONSES`). */
  validateResponses?: boolean
  /** The path prefix the routes sit under (default `/v2`). */
  prefix?: RegExp
}

const V2_PREFIX = /^\/v2(?=\/|$)/

/** `V2_RATE_LIMIT` requests a minute per client, counted in the store all instances share (src/lib/ratelimit/shared.ts). */
export function defaultLimiter(config: V2HandlerOptions['config'], name = 'v2'): RateLimiter {
  const limit = env.v2RateLimit()
  return new SharedRateLimiter({
    limit,
    periodMs: 60_000,
    open: async () => {
      const payload = await getPayload({ config })
      return { store: await sharedLimiter(payload, { name: `api_${name}`, points: limit, durationSeconds: 60 }), logger: payload.logger }
    },
  })
}

/**
 * One default limiter per allowance in a process: the fast path and Next's route handler answer in
 * the same process, and with a counter each, one would not see the other's requests until a flush.
 */
const processLimiters = new Map<string, RateLimiter>()
function processLimiter(config: V2HandlerOptions['config'], name = 'v2'): RateLimiter {
  const key = `${name}:${env.v2RateLimit()}`
  let limiter = processLimiters.get(key)
  if (!limiter) processLimiters.set(key, (limiter = defaultLimiter(config, name)))
  return limiter
}

const json = (status: number, body: unknown, headers: Headers) => {
  headers.set('Content-Type', 'application/json')
  return new Response(JSON.stringify(body), { status, headers })
}

/** Whether the request carries a credential (a token, or the site's session cookie). */
const credentialed = (request: Request) => !!normalizeAuthorization(request.headers.get('authorization')) || !!request.headers.get('cookie')?.includes('-token=')

/**
 * A 200 answer; reads (GET, HEAD) carry an ETag and answer `304` to a client that holds the same
 * body. Anonymous reads may be kept by shared caches but must be revalidated every time (an edit
 * shows on the next request); a credentialed read is the caller's own.
 */
function read(request: Request, result: unknown, headers: Headers): Response {
  const body = JSON.stringify(result)
  if (request.method === 'GET' || request.method === 'HEAD') {
    const etag = etagOf(body)
    headers.set('ETag', etag)
    headers.set('Cache-Control', credentialed(request) ? 'private, no-cache' : 'public, no-cache')
    headers.set('Vary', 'Authorization, Cookie')
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  }
  headers.set('Content-Type', 'application/json')
  return new Response(body, { status: 200, headers })
}

/** Time spent in the handler, for operators and benchmarks (`Server-Timing: app;dur=12.3`). */
const timed = (response: Response, started: number) => {
  response.headers.set('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`)
  return response
}

/** The `/v2` request pipeline: CORS, rate limit, routing, input validation, auth, handler, errors. */
export function createV2Handler(options: V2HandlerOptions) {
  const router = new Router(options.routes)
  const routes = router.list()
  const limiter = options.limiter ?? processLimiter(options.config, options.limitName)
  const validate = options.validateResponses ?? env.v2ValidateResponses()

  return async function handleV2(request: Request): Promise<Response> {
    const started = performance.now()
    return timed(await handle(request), started)
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return preflight(request)
    const headers = new Headers(CORS_HEADERS)

    // Rate limit first: it is the cheapest refusal. A trusted server-side caller may skip it.
    const ignoreKey = env.rateLimitIgnoreKey()
    if (!ignoreKey || !secretsEqual(request.headers.get('x-ratelimit-key'), ignoreKey)) {
      const decision = await limiter.check(clientAddress(request.headers))
      headers.set('X-Ratelimit-Limit', String(decision.limit))
      headers.set('X-Ratelimit-Remaining', String(decision.remaining))
      headers.set('X-Ratelimit-Reset', String(decision.resetSeconds))
      if (!decision.allowed) {
        headers.set('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))))
        return json(429, { error: 'ratelimit_error', description: `rate limit exceeded; retry after ${decision.retryAfterMs} milliseconds` }, headers)
      }
    }

    const url = new URL(request.url)
    const path = url.pathname.replace(options.prefix ?? V2_PREFIX, '')
    const match = router.match(request.method === 'HEAD' ? 'GET' : request.method, path)
    if (!match) return json(404, ROUTE_NOT_FOUND, headers)
    const { route, params } = match

    let payloadRef: Awaited<ReturnType<typeof getPayload>> | undefined
    try {
      for (const [name, value] of Object.entries(params)) {
        if (hasControlCharacters(value) || value.length > 1024) throw invalidInput(`Path parameter "${name}" is not a valid value`)
      }
      const query = parseQuery(route.query, url.searchParams)
      const body = await parseBody(route.body, request)
      const payload = (payloadRef = await getPayload({ config: options.config }))
      const caller = route.anonymous ? null : await authenticate(request, options.config)
      const user = withScopes(caller, route.scopes)
      if (route.requiresAuth && !user) throw authRefusal(caller, route.scopes)
      const viewer = await viewerFor(payload, user)
      const result = await route.handler({ request, payload, viewer, params, query, body, routes }).catch(async (error: unknown) => {
        // A token read as anonymous for lacking a read scope (optional-auth routes only read): a 404
        // for what its own user may see is the scope's 401, so a client learns what to add (labrinth
        // answers 404 here; for anything its user may not see the 404 stays, nothing leaks).
        if (caller && !user && !route.requiresAuth && error instanceof V2Error && error.status === 404) {
          const full = await viewerFor(payload, withScopes(caller, []))
          const seen = await route.handler({ request, payload, viewer: full, params, query, body, routes }).then(() => true, () => false)
          if (seen) throw authRefusal(caller, route.scopes)
        }
        throw error
      })
      if (result instanceof Response) {
        const out = new Response(result.body, result)
        headers.forEach((v, k) => out.headers.set(k, v))
        return out
      }
      if (validate && route.response) {
        const checked = route.response.safeParse(result)
        if (!checked.success) throw new Error(`response of ${route.method} ${route.path} does not match its schema: ${checked.error.message}`)
      }
      return read(request, result, headers)
    } catch (error) {
      if (error instanceof V2Error) {
        const text = errorBody(error)
        if (text !== null) headers.set('Content-Type', 'application/json')
        return new Response(text, { status: error.status, headers })
      }
      // Payload's NotFound: something the caller may not see.
      if ((error as { status?: number })?.status === 404) return new Response(null, { status: 404, headers })
      const refusal = payloadRefusal(error)
      if (refusal) return json(refusal.status, { error: refusal.code, description: refusal.description }, headers)
      payloadRef?.logger.error({ err: error, msg: `v2 ${request.method} ${url.pathname} failed` })
      if (!payloadRef) console.error(error)
      return json(500, { error: 'internal_error', description: 'An internal error occurred' }, headers)
    }
  }
}


/**
 * A write refused by the collections' rules, in the v2 wire format: invalid values are 400
 * `invalid_input` with the rule's own words; a permission refusal is labrinth's 401.
 */
function payloadRefusal(error: unknown): V2Error | null {
  if (error instanceof ValidationError) {
    const messages = (error.data?.errors ?? []).map((e) => `${e.path}: ${e.message}`)
    return invalidInput(messages.join('; ') || error.message)
  }
  if (!(error instanceof APIError)) return null
  if (error.status === 403) return unauthorized('You do not have permission to do this')
  if (error.status === 400 && error.isPublic) return invalidInput(error.message)
  return null
}
