import { parse } from 'graphql'
import { getPayload, type SanitizedConfig } from 'payload'

import { withCostLimitStatus } from '../../plugins/cost-limits/refusalStatus'
import { parseFilePath, withDownloadFilename } from '../files/downloadHeaders'
import { consume, type Refusal } from '../ratelimit/store'
import { clientAddress } from './clientAddress'

type RouteContext = { params: Promise<{ slug: string[] }> }
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>
type ConfigArg = Promise<SanitizedConfig> | SanitizedConfig

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/** Payload's error body shape, so clients of /api parse every refusal the same way. */
const errorResponse = (status: number, message: string, headers: HeadersInit = {}) =>
  Response.json({ errors: [{ message }] }, { status, headers })

/**
 * Control characters (NUL above all: Postgres refuses it in text and Payload answers 500) have no place
 * in a path or query of /api; a malformed percent-escape neither. Both are a 400 before Payload sees them.
 */
export function hasBadInput(url: URL): boolean {
  try {
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    return /[\u0000-\u001f\u007f]/.test(decodeURIComponent(url.pathname) + decodeURIComponent(url.search.replace(/\+/g, ' ')))
  } catch {
    return true
  }
}

/**
 * Payload parses `?where=` and `?data=` given as one string with JSON.parse before any hook runs, and a
 * string that is not JSON was a 500. Which of them is broken, or null.
 */
export function badJsonParam(url: URL): string | null {
  for (const name of ['where', 'data']) {
    const value = url.searchParams.get(name)
    if (!value) continue
    try {
      JSON.parse(value)
    } catch {
      return name
    }
  }
  return null
}

const tooMany = (refusal: Refusal) =>
  errorResponse(429, `Too many requests. Try again in ${refusal.retryAfterSeconds} seconds.`, { 'Retry-After': String(refusal.retryAfterSeconds) })

/** Whether a request carries credentials worth resolving to a user (a session cookie or an Authorization header). */
const hasCredentials = (headers: Headers) => !!headers.get('authorization') || /(?:^|;\s*)payload-token=/.test(headers.get('cookie') ?? '')

/**
 * One write's rate limit: per client address, and per user when signed in (a user spreading writes over
 * many addresses is still one user). Calls from inside the process have no address and are not limited.
 */
export async function checkWriteLimit(config: ConfigArg, request: Request): Promise<Response | null> {
  const address = clientAddress(request.headers)
  const payload = await getPayload({ config })
  const checks: Parameters<typeof consume>[1] = []
  if (address !== 'unknown') checks.push(['write', `addr:${address}`])
  if (hasCredentials(request.headers)) {
    const { user } = await payload.auth({ headers: request.headers })
    if (user) checks.push(['write', `user:${user.id}`])
  }
  const refusal = checks.length ? await consume(payload, checks) : null
  return refusal ? tooMany(refusal) : null
}

/**
 * Wraps Payload's generated REST handlers (src/app/(payload)/api/[...slug]/route.ts): bad input is a
 * 400, writes are rate-limited, and served files get their download name.
 */
export function guardRest(config: ConfigArg, handler: RouteHandler): RouteHandler {
  return async (request, context) => {
    if (hasBadInput(new URL(request.url))) return errorResponse(400, 'The request contains characters that are not allowed.')
    const badJson = badJsonParam(new URL(request.url))
    if (badJson) return errorResponse(400, `The ${badJson} parameter is not valid JSON.`)
    const slug = (await context.params).slug ?? []
    // Sign-in has limits of its own (src/plugins/login-protection); counting it here as well would let
    // a burst of other writes block a user's sign-in.
    const isLogin = slug.length === 2 && slug[1] === 'login'
    if (WRITE_METHODS.has(request.method) && !isLogin) {
      const refused = await checkWriteLimit(config, request)
      if (refused) return refused
    }
    const response = await handler(request, context)
    if (request.method === 'GET') {
      const file = parseFilePath(slug)
      if (file) return withDownloadFilename(response, file.filename)
    }
    return response
  }
}

/** Whether a GraphQL request body holds a mutation (a write); unparsable bodies are left to Payload. */
export function isGraphQLMutation(body: string): boolean {
  let query: unknown
  try {
    query = (JSON.parse(body) as { query?: unknown }).query
  } catch {
    return false
  }
  if (typeof query !== 'string') return false
  try {
    return parse(query).definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'mutation')
  } catch {
    return false
  }
}

/**
 * Wraps Payload's GraphQL handler: mutations count as writes (sign-in has its own limits in the users
 * hooks), and a query refused for its cost is a 400 (src/plugins/cost-limits/refusalStatus.ts).
 */
export function guardGraphQL(config: ConfigArg, handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const type = request.headers.get('content-type') ?? ''
    const write = type.includes('multipart/') || isGraphQLMutation(await request.clone().text())
    if (write) {
      const refused = await checkWriteLimit(config, request)
      if (refused) return refused
    }
    return withCostLimitStatus(await handler(request))
  }
}
