/**
 * The `/v2` API: a drop-in for Modrinth v2 clients, with labrinth's `/v3` organizations and
 * collections, its OAuth provider and Forge's update checks. A plugin (`apiV2Plugin`, listed in
 * src/plugins/index.ts) puts the mounts on the config (mounts.ts: which routes answer under which
 * paths); the production server's fast path (src/server/fastPath.ts) and the Next route handlers
 * (src/app/v2, v3, _internal/oauth, updates — for `next dev` and a plain `next start`) serve them.
 * They are not Payload endpoints, which only exist under `/api`.
 *
 *   mounts.ts       the plugin and its mounts: /v2, /_internal/oauth + /v3/oauth, /v3, /updates
 *   routes.ts       every /v2 route (method + path pattern → handler); `GET /search` joins here
 *   http/           router, request pipeline, auth header, rate limiting, CORS, input parsing, errors
 *   handlers/       one file per resource (projects, versions, version files, users, teams, tags, …)
 *   serializers/    Payload documents → the exact v2 JSON shapes
 *   schemas/        zod schemas of every input and response; they also generate /v2/openapi.json
 *
 * Environment:
 *   V2_RATE_LIMIT          requests a minute per client (default 300), shared by all instances (Postgres, or Redis with REDIS_URL)
 *   TRUST_PROXY=true       take the client address from the first X-Forwarded-For entry (behind a proxy)
 *   RATE_LIMIT_IGNORE_KEY  a secret; requests with `X-Ratelimit-Key: <it>` skip the limiter (trusted SSR, benches)
 *   V2_VALIDATE_RESPONSES  check every response against its schema (always on under NODE_ENV=test)
 */
import type { SanitizedConfig } from 'payload'

import { createV2Handler, type V2HandlerOptions } from './http/handler'
import { ROUTE_NOT_FOUND } from './http/errors'
import { apiMountsOf, prefixOf, type ApiMountName } from './mounts'

export { createV2Handler, defaultLimiter } from './http/handler'
export { GcraRateLimiter, MemoryRateLimitStore, type RateLimiter, type RateLimitStore } from './http/ratelimit'
export { SharedRateLimiter } from './http/sharedRateLimit'
export { clientAddress } from '../../lib/http/clientAddress'
export { defineRoute, type RouteDef, type RouteContext } from './http/route'
export { invalidInput, itemNotFound, unauthorized } from './http/errors'
export { buildOpenApi } from './openapi'
export { v2Routes } from './routes'
export { API_MOUNTS, apiMountsOf, apiV2Plugin, mountFor, type ApiMount, type ApiMountName } from './mounts'

export type FetchHandler = (request: Request) => Promise<Response>
type HandlerOptions = Partial<Omit<V2HandlerOptions, 'config' | 'routes' | 'prefix'>>

/**
 * The handler of one mount, as the built config lists it (src/plugins/index.ts installs the API's
 * plugin). Built on the first request, when the config is ready; a mount the config lacks answers
 * labrinth's 404.
 */
export function apiHandler(config: Promise<SanitizedConfig> | SanitizedConfig, name: ApiMountName, options: HandlerOptions = {}): FetchHandler {
  let built: Promise<FetchHandler> | undefined
  const build = async (): Promise<FetchHandler> => {
    const resolved = await config
    const mount = apiMountsOf(resolved).find((m) => m.name === name)
    if (!mount) return async () => Response.json(ROUTE_NOT_FOUND, { status: 404, headers: { 'Access-Control-Allow-Origin': '*' } })
    return createV2Handler({ config: resolved, routes: await mount.routes(), prefix: prefixOf(mount), limitName: mount.limitName, ...options })
  }
  return async (request) => (await (built ??= build()))(request)
}

/** The `/v2` handler (every route of the API). */
export const apiV2Handler = (config: Promise<SanitizedConfig> | SanitizedConfig, options: HandlerOptions = {}) => apiHandler(config, 'v2', options)
