import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** An answer other than success: `{ error, description }` (and `extra`'s fields) with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(description)
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' })
  res.end(text)
}

export const sendError = (res: ServerResponse, status: number, error: string, description: string, extra: Record<string, unknown> = {}): void =>
  sendJson(res, status, { ...extra, error, description })

/**
 * Bytes with their own headers (a download). Once the headers are out an error can only cut the
 * answer short (its length then falls short of content-length): the client aborting is not one.
 */
export async function sendStream(res: ServerResponse, status: number, headers: Record<string, string>, stream: Readable): Promise<void> {
  res.writeHead(status, { ...headers, 'cache-control': 'no-store' })
  await pipeline(stream, res).catch(() => {
    stream.destroy()
    res.destroy()
  })
}
