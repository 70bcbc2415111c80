/**
 * The `/v2` API: a drop-in for Modrinth v2 clients (read side). It is served by a Next route handler
 * (`src/app/v2/[...path]/route.ts`), not by a Payload endpoint (those only exist under `/api`), so it
 * needs no change to the Payload config.
 *
 *   routes.ts       every route (method + path pattern → handler); `GET /search` joins here
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
import { collectionV3Routes } from './handlers/collections-v3'
import { notificationRoutes } from './handlers/notifications'
import { followRoutes } from './handlers/project-writes'
import { oauthRoutes } from './handlers/oauth'
import { organizationRoutes } from './handlers/organizations'
import { updatesRoutes } from './handlers/updates'
import { v2Routes } from './routes'

export { createV2Handler, defaultLimiter } from './http/handler'
export { GcraRateLimiter, MemoryRateLimitStore, type RateLimiter, type RateLimitStore } from './http/ratelimit'
export { SharedRateLimiter } from './http/sharedRateLimit'
export { clientAddress } from '../../lib/http/clientAddress'
export { defineRoute, type RouteDef, type RouteContext } from './http/route'
export { invalidInput, itemNotFound, unauthorized } from './http/errors'
export { buildOpenApi } from './openapi'
export { v2Routes } from './routes'

/** The handler with every route of the API. */
export const apiV2Handler = (config: Promise<SanitizedConfig> | SanitizedConfig, options: Partial<Omit<V2HandlerOptions, 'config'>> = {}) =>
  createV2Handler({ config, routes: v2Routes, ...options })

/** The OAuth provider's routes, at `/_internal/oauth` and `/v3/oauth` as labrinth mounts them. */
export const oauthHandler = (config: Promise<SanitizedConfig> | SanitizedConfig, options: Partial<Omit<V2HandlerOptions, 'config'>> = {}) =>
  createV2Handler({ config, routes: oauthRoutes, prefix: /^\/(?:_internal|v3)\/oauth(?=\/|$)/, limitName: 'oauth', ...options })

/**
 * The `/v3` routes built so far (labrinth `routes/v3/organizations.rs` and `collections.rs`, and
 * notifications and following, whose shapes v3 keeps from v2); `/v3/oauth` has its own handler.
 */
export const apiV3Handler = (config: Promise<SanitizedConfig> | SanitizedConfig, options: Partial<Omit<V2HandlerOptions, 'config'>> = {}) =>
  createV2Handler({ config, routes: [...organizationRoutes, ...collectionV3Routes, ...notificationRoutes, ...followRoutes], prefix: /^\/v3(?=\/|$)/, limitName: 'v3', ...options })

/** `/updates/{id|slug}/forge_updates.json`, outside `/v2` as labrinth mounts it (`routes/updates.rs`). */
export const updatesHandler = (config: Promise<SanitizedConfig> | SanitizedConfig, options: Partial<Omit<V2HandlerOptions, 'config'>> = {}) =>
  createV2Handler({ config, routes: updatesRoutes, prefix: /^\/updates(?=\/|$)/, limitName: 'updates', ...options })
