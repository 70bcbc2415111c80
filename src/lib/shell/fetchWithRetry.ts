/**
 * The client's fetch with the retry rule of spec §9: a non-mutating request (GET, HEAD) that fails
 * with a transient status or a network error is tried once more; mutating requests never are
 * (sending a POST twice could do the thing twice). Pure: the fetch function is passed in.
 */

export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504]
/** How many extra attempts a non-mutating request gets. */
export const RETRIES = 1

export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

export function isMutatingMethod(method: string | undefined): boolean {
  const m = (method ?? 'GET').toUpperCase()
  return m !== 'GET' && m !== 'HEAD'
}

function methodOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  if (init?.method) return init.method
  return typeof input === 'object' && 'method' in input ? input.method : 'GET'
}

/** An abort is the caller's decision, not a network failure: never retried. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/** Frees the connection of a response that will not be read. */
async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel()
  } catch {
    // already consumed or locked: nothing to free
  }
}

export async function fetchWithRetry(fetchFn: FetchFunction, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const retries = isMutatingMethod(methodOf(input, init)) ? 0 : RETRIES
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retries
    let response: Response
    try {
      response = await fetchFn(input, init)
    } catch (error) {
      if (last || isAbort(error) || init?.signal?.aborted) throw error
      continue
    }
    if (last || !RETRY_STATUSES.includes(response.status)) return response
    await discard(response)
  }
}
