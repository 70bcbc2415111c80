import type { Payload } from 'payload'
import type { z } from 'zod'

import type { ScopeName } from '../../../access/core/scopes'
import type { Viewer } from '../../../lib/data'

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** What a handler gets: parsed and validated input, and the viewer (who is asking). */
export type RouteContext<Q = unknown, B = unknown> = {
  request: Request
  payload: Payload
  viewer: Viewer
  /** Path parameters, decoded (`/project/{id}` → `params.id`). */
  params: Record<string, string>
  query: Q
  body: B
  /** Every route the API serves (for the documents describing it). */
  routes: readonly RouteDef[]
}

/** A documented response of a route (for the OpenAPI document). */
export type ResponseDoc = { description: string; schema?: z.ZodType; empty?: boolean; headers?: Record<string, string> }

/**
 * One route of the v2 API: method, path pattern, input schemas, response schema, and handler.
 * The same definition drives request validation, response checking and the OpenAPI document.
 */
export type RouteDef<Q = unknown, B = unknown> = {
  method: Method
  /** `/project/{id}/version/{version}`: literal segments and `{name}` parameters. */
  path: string
  operationId: string
  tag: string
  summary: string
  description?: string
  /** Path parameter descriptions. */
  params?: Record<string, string>
  query?: z.ZodType<Q>
  /** Descriptions of query parameters (keyed like `query`). */
  queryDocs?: Record<string, string>
  body?: z.ZodType<B>
  /** A body that is not JSON, for the OpenAPI document (the handler reads it itself). */
  upload?: { multipart: { data?: z.ZodType; dataRequired?: boolean; files: string } } | { raw: { types: string[]; description: string } }
  /** The 200 body. Handlers may instead return a `Response` (redirects). */
  response?: z.ZodType
  /** Other documented responses (404 empty, 302, …). */
  responses?: Record<number, ResponseDoc>
  /**
   * labrinth's door (`get_user_from_headers(.., required_scopes)` of the route): the scopes a token
   * needs to count as its user here; `[]` or none, a token always counts. Lacking them, a token is
   * anonymous (labrinth's `.ok()`), or refused with 401 where `requiresAuth`. Holding them, it acts
   * as its user for the whole route (src/plugins/api-v2/http/auth.ts `withScopes`).
   * tests/int/v2-scopes-least.int.spec.ts holds labrinth's scopes per route and checks these.
   */
  scopes?: ScopeName[]
  /** labrinth's `get_user_from_headers(..)?`: anonymous callers and tokens without `scopes` get 401. */
  requiresAuth?: boolean
  /** The route does not depend on who is asking (tags, statistics, documents): no auth runs. */
  anonymous?: boolean
  handler: (ctx: RouteContext<Q, B>) => Promise<unknown>
}

/** Keeps the generic parameters of a route definition while collecting routes in one list. */
export const defineRoute = <Q, B>(def: RouteDef<Q, B>) => def as unknown as RouteDef
