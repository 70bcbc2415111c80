import type { ServerResponse } from 'node:http'

/** An answer other than success: `{ error, description }` with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description)
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' })
  res.end(text)
}

export const sendError = (res: ServerResponse, status: number, error: string, description: string): void =>
  sendJson(res, status, { error, description })
