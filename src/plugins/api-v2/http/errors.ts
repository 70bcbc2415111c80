/**
 * Errors of the v2 API. The wire format is Modrinth's: `{"error": "<code>", "description": "<text>"}`,
 * except that a hidden or unknown item is a 404 with an empty body (labrinth `flatten_404_error`).
 */
export type ErrorCode = 'invalid_input' | 'unauthorized' | 'not_found' | 'ratelimit_error' | 'internal_error'

export class V2Error extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly description: string,
    /** Answer with no body at all (hidden or unknown items). */
    readonly emptyBody = false,
  ) {
    super(description)
    this.name = 'V2Error'
  }
}

/** 400 — the request is malformed; `description` says what to fix. */
export const invalidInput = (description: string) => new V2Error(400, 'invalid_input', description)
/** 401 — the route needs a signed-in caller (or a token with the right scope). */
export const unauthorized = (description: string) => new V2Error(401, 'unauthorized', description)
/** 404 with an empty body — the item does not exist or the caller may not see it. */
export const itemNotFound = () => new V2Error(404, 'not_found', 'the requested item was not found', true)

export const ROUTE_NOT_FOUND = { error: 'not_found', description: 'the requested route does not exist' } as const

export function errorBody(error: V2Error): string | null {
  return error.emptyBody ? null : JSON.stringify({ error: error.code, description: error.description })
}
