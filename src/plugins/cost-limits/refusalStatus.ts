/*
 * GraphQL over HTTP answers a query refused by validation with 200 when the client accepts
 * `application/json` (the spec's legacy rule; graphql-http follows it), so a client would read a
 * refusal for the cost limit as success. The cost rule marks its refusal with this header and the
 * route (src/lib/http/apiGuard.ts) answers it 400, like a REST request over a limit.
 */

/** Set on the answer to a query refused for its cost; its value names the limit. */
export const COST_LIMIT_HEADER = 'x-query-cost-limit'

/** The route's answer, with status 400 when the cost rule refused the query. */
export function withCostLimitStatus(response: Response): Response {
  if (!response.headers.has(COST_LIMIT_HEADER) || response.status >= 400) return response
  return new Response(response.body, { status: 400, statusText: 'Bad Request', headers: response.headers })
}
