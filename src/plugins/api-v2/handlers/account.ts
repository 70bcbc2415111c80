import { createPayloadRequest, refreshOperation } from 'payload'
import { z } from 'zod'

import { parseScopes } from '../../../access/core/scopes'
import { listSessions, revokeSession } from '../../../lib/auth/sessions'
import { as, type Viewer } from '../../../lib/data'
import type { AccessToken } from '../../../payload-types'
import { normalizeAuthorization } from '../http/auth'
import { invalidInput, itemNotFound, unauthorized } from '../http/errors'
import { defineRoute } from '../http/route'
import { NewPat, Pat, PatPatch, Session } from '../schemas/account'

/*
 * Personal access tokens and sessions (labrinth `routes/internal/pats.rs`, `session.rs`). Their
 * scopes are all restricted, so only a session (never a token) reaches them: a token is 401.
 */
const TAG = 'account'
const noContent = () => new Response(null, { status: 204 })
const notFound = { 404: { description: 'No such token or session of yours (empty body)', empty: true } }
const done = { 204: { description: 'Done (no body)', empty: true } }

const toPat = (doc: AccessToken & { token?: string }) => ({
  id: doc.id,
  name: doc.name,
  access_token: doc.token ?? null,
  scopes: Number(parseScopes(doc.scopes)),
  user_id: typeof doc.user === 'string' ? doc.user : (doc.user?.id ?? ''),
  created: doc.createdAt,
  expires: doc.expiresAt,
  last_used: doc.lastUsed ?? null,
})

/** The caller's own token, or 404 (another user's token is hidden, not forbidden). */
async function ownToken(viewer: Viewer, id: string) {
  const found = await viewer.payload.find({ collection: 'access-tokens', where: { and: [{ id: { equals: id } }, { user: { equals: viewer.user!.id } }] }, limit: 1, depth: 0, ...as(viewer) })
  if (!found.docs[0]) throw itemNotFound()
  return found.docs[0]
}

const inFuture = (iso: string | undefined) => {
  if (iso && new Date(iso).getTime() <= Date.now()) throw invalidInput('Expire date must be in the future!')
}

export const listPats = defineRoute({
  method: 'GET', path: '/pat', operationId: 'listPats', tag: TAG, summary: 'Your personal access tokens',
  scopes: ['PAT_READ'], requiresAuth: true, response: z.array(Pat),
  handler: async ({ viewer }) => {
    const { docs } = await viewer.payload.find({ collection: 'access-tokens', where: { user: { equals: viewer.user!.id } }, sort: '-createdAt', limit: 0, depth: 0, ...as(viewer) })
    return docs.map(toPat)
  },
})

export const createPat = defineRoute({
  method: 'POST', path: '/pat', operationId: 'createPat', tag: TAG, summary: 'Make a personal access token',
  description: 'The token (`access_token`) is in this answer only: it is stored as a hash.',
  scopes: ['PAT_CREATE'], requiresAuth: true, body: NewPat, response: Pat,
  handler: async ({ viewer, body }) => {
    inFuture(body.expires)
    const doc = await viewer.payload.create({
      collection: 'access-tokens',
      data: { name: body.name, scopes: String(body.scopes), expiresAt: new Date(body.expires).toISOString() },
      depth: 0,
      ...as(viewer),
    })
    return toPat(doc)
  },
})

export const editPat = defineRoute({
  method: 'PATCH', path: '/pat/{id}', operationId: 'editPat', tag: TAG, summary: 'Rename a token, change its scopes or expiry',
  params: { id: 'The token id' }, scopes: ['PAT_WRITE'], requiresAuth: true, body: PatPatch, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    inFuture(body.expires)
    await ownToken(viewer, params.id)
    const data = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.scopes !== undefined ? { scopes: String(body.scopes) } : {}),
      ...(body.expires !== undefined ? { expiresAt: new Date(body.expires).toISOString() } : {}),
    }
    await viewer.payload.update({ collection: 'access-tokens', id: params.id, data, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const deletePat = defineRoute({
  method: 'DELETE', path: '/pat/{id}', operationId: 'deletePat', tag: TAG, summary: 'Revoke a personal access token',
  params: { id: 'The token id' }, scopes: ['PAT_DELETE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    await ownToken(viewer, params.id)
    await viewer.payload.delete({ collection: 'access-tokens', id: params.id, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const listSessionsRoute = defineRoute({
  method: 'GET', path: '/session/list', operationId: 'listSessions', tag: TAG, summary: 'Your signed-in sessions',
  scopes: ['SESSION_READ'], requiresAuth: true, response: z.array(Session),
  handler: async ({ viewer }) => {
    const user = viewer.user!
    const sessions = await listSessions(viewer.payload, user.id, user._sid)
    return sessions.map((s) => ({
      id: s.id, session: null, user_id: user.id, created: s.created, last_login: s.lastAccessed, expires: s.expires, refresh_expires: s.expires,
      os: s.os, platform: s.platform, user_agent: s.userAgent ?? '', current: s.current,
    }))
  },
})

export const deleteSessionRoute = defineRoute({
  method: 'DELETE', path: '/session/{id}', operationId: 'deleteSession', tag: TAG, summary: 'End one of your sessions',
  description: 'Its token stops working at once, on the site, in the admin panel and here.',
  params: { id: 'The session id' }, scopes: ['SESSION_DELETE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    if (!(await revokeSession(viewer.payload, viewer.user!.id, params.id))) throw itemNotFound()
    return noContent()
  },
})

export const refreshSessionRoute = defineRoute({
  method: 'POST', path: '/session/refresh', operationId: 'refreshSession', tag: TAG, summary: 'Extend your session (a new token for it)',
  description: 'The same session (same id, same device) with a later expiry; `session` is its new token. A cookie-signed-in browser is refreshed by the site itself.',
  scopes: ['SESSION_ACCESS'], requiresAuth: true, response: Session,
  handler: async ({ viewer, request }) => {
    const user = viewer.user!
    if (!user._sid) throw unauthorized('Only a signed-in session can be refreshed')
    // Payload's own refresh: it extends this session's expiry and signs a new token for it.
    const headers = new Headers()
    const authorization = normalizeAuthorization(request.headers.get('authorization'))
    if (authorization) headers.set('authorization', authorization)
    for (const h of ['cookie', 'origin', 'sec-fetch-site']) if (request.headers.get(h)) headers.set(h, request.headers.get(h)!)
    const req = await createPayloadRequest({ config: viewer.payload.config, request: new Request(request.url, { method: 'POST', headers }) })
    const result = await refreshOperation({ collection: viewer.payload.collections.users, req })
    const session = (await listSessions(viewer.payload, user.id, user._sid)).find((s) => s.current)
    if (!result.refreshedToken || !session) throw unauthorized('This session has ended')
    return {
      id: session.id, session: result.refreshedToken, user_id: user.id, created: session.created, last_login: session.lastAccessed, expires: session.expires, refresh_expires: session.expires,
      os: session.os, platform: session.platform, user_agent: session.userAgent ?? '', current: true,
    }
  },
})

export const accountRoutes = [listPats, createPat, editPat, deletePat, listSessionsRoute, deleteSessionRoute, refreshSessionRoute]
