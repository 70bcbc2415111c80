import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import type { Actor } from '../../access/core/roles'
import { ServerNotFound } from '../../plugins/hosting/service/acts'
import { HostingError } from '../../plugins/hosting/service/rows'
import { userOf } from '../auth/request'
import { isSameOriginRequest } from '../http/servedOrigin'

/*
 * The frame of the file manager's route handlers (uploads and downloads carry bytes, which server
 * actions do not): the browser session only (a token reads as signed out, src/lib/auth/request.ts),
 * a change only from our own pages (the Origin check), and the hosting service's refusals as JSON.
 */

export type FileRouteUser = { payload: Payload; actor: Actor }

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } })
export const refusal = (status: number, error: string) => json(status, { error })
export const answer = (body: unknown) => json(200, body)

export async function fileRouteUser(request: Request, change: boolean): Promise<FileRouteUser | Response> {
  if (change && !isSameOriginRequest(request.headers)) return refusal(403, 'This request did not come from this site.')
  const payload = await getPayload({ config })
  const actor: Actor | null = await userOf(payload, request.headers)
  if (!actor) return refusal(401, 'Sign in to manage this server’s files.')
  return { payload, actor }
}

/** A refusal meant for the user as JSON; anything else is logged and a plain 500. */
export function fileRouteError(payload: Payload, error: unknown): Response {
  if (error instanceof ServerNotFound) return refusal(404, error.message)
  if (error instanceof HostingError) return refusal(409, error.message)
  payload.logger.error({ err: error, msg: 'Server files request failed' })
  return refusal(500, 'Something went wrong. Try again.')
}

/** The body, refused past `max` bytes without reading it all (a browser sends a Content-Length). */
export async function readLimited(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > max) return null
  const reader = request.body?.getReader()
  if (!reader) return new Uint8Array()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      return null
    }
    parts.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.byteLength
  }
  return out
}
