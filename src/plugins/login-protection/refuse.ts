import { APIError } from 'payload'

import { clientAddress } from '../../lib/http/clientAddress'

/** 429 in Payload's error shape; `Retry-After` rides on `req.responseHeaders`, which REST and GraphQL merge into errors. */
export class TooManyRequests extends APIError {
  constructor(retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`, 429, undefined, true)
  }
}

export function refuse(req: { responseHeaders?: Headers }, retryAfterSeconds: number): never {
  req.responseHeaders ??= new Headers()
  req.responseHeaders.set('Retry-After', String(retryAfterSeconds))
  throw new TooManyRequests(retryAfterSeconds)
}

/** Requests from outside (REST, GraphQL, admin, the site's forms) carry an address; Local API calls by our own code do not. */
export const addressOf = (headers: Headers | undefined): string | null => {
  const address = headers ? clientAddress(headers) : 'unknown'
  return address === 'unknown' ? null : address
}
