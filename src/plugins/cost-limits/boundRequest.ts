import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'

import { API_MAX_DEPTH, API_MAX_JOIN_LIMIT, API_MAX_LIMIT } from '../../access/costLimits'

/** The sizes a find, a find by id or a write's answer may carry; any operation's arguments have some of them. */
export type Sizes = { depth?: unknown; limit?: unknown; pagination?: unknown; joins?: unknown }

/** Requests made by a client over HTTP; the Local API (the site's own code, the admin panel's server functions) chooses its own sizes. */
export const isUserFacing = (req: Pick<PayloadRequest, 'payloadAPI'>): boolean => req.payloadAPI === 'REST' || req.payloadAPI === 'GraphQL'

const LISTING = new Set(['read', 'readDistinct'])

/** A page no larger than `max`: `limit=0` and `pagination=false` without a limit ask for everything, and get a page. */
function boundPage<T extends Sizes>(args: T, max: number): T {
  const limit = typeof args.limit === 'number' ? args.limit : undefined
  const everything = limit === 0 || (limit === undefined && args.pagination === false)
  if (!everything && (limit === undefined || limit <= max)) return args
  // Paginated, so the answer says how many there are and which page comes next.
  return { ...args, limit: max, pagination: true }
}

/** Each join named in `?joins[...]` at most `API_MAX_JOIN_LIMIT` long (`limit: 0` asks for all). */
function boundJoins(joins: unknown): unknown {
  if (!joins || typeof joins !== 'object') return joins
  const bounded: Record<string, unknown> = {}
  for (const [path, query] of Object.entries(joins as Record<string, unknown>)) {
    const limit = query && typeof query === 'object' ? (query as { limit?: unknown }).limit : undefined
    const tooMany = typeof limit === 'number' && (limit === 0 || limit > API_MAX_JOIN_LIMIT)
    bounded[path] = tooMany ? { ...(query as object), limit: API_MAX_JOIN_LIMIT } : query
  }
  return bounded
}

/** The operation's arguments with depth, page size and join sizes bounded (unchanged when within bounds). */
export function boundSizes<T extends Sizes>(args: T, operation: string, graphQL: boolean): T {
  let out = args
  if (typeof out.depth === 'number' && out.depth > API_MAX_DEPTH) out = { ...out, depth: API_MAX_DEPTH }
  // GraphQL's join resolver asks for one document more than it shows, to tell whether a next page exists.
  if (LISTING.has(operation) && ('limit' in out || 'pagination' in out)) out = boundPage(out, API_MAX_LIMIT + (graphQL ? 1 : 0))
  if (out.joins) out = { ...out, joins: boundJoins(out.joins) }
  return out
}

/**
 * Applied to every collection: what a client asks for gets bounded sizes, silently (the answer's
 * `limit` says what was used). Only the client's own operations: the site's reads made inside the
 * same request (validation, hooks: `overrideAccess`) and Payload's population of relationships
 * (its batched finds carry `currentDepth`) carry the client's `req` but choose their own sizes —
 * capping them cut a version's 150 game versions to 100 and called the rest unknown.
 */
export const boundRequest: CollectionBeforeOperationHook = ({ args, operation, overrideAccess, req }) => {
  if (!isUserFacing(req) || overrideAccess === true || typeof (args as { currentDepth?: unknown }).currentDepth === 'number') return args
  return boundSizes(args as Sizes, operation, req.payloadAPI === 'GraphQL') as typeof args
}
