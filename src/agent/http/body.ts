import type { IncomingMessage } from 'node:http'

import { HttpError } from './errors'

/** The agent's requests are small JSON documents (an upload chunk has its own limit). */
export const MAX_BODY_BYTES = 1024 * 1024

/** The raw body (the signature covers its exact bytes), refused past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (declared > limit) throw new HttpError(413, 'too_large', `The body is over ${limit} bytes.`)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new HttpError(413, 'too_large', `The body is over ${limit} bytes.`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw new HttpError(400, 'bad_request', 'The body is not JSON.')
  }
}
