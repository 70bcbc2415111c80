import { z } from 'zod'

import { parseScopes } from '../../../access/core/scopes'
import { as, type Viewer } from '../../../lib/data'
import { imageUrl } from '../../../lib/data/page-project'
import { relationId } from '../../../lib/ids'
import { answerFlow, AuthorizeQuery, checkAuthorizeRequest, type AuthorizeProblem } from '../../../lib/oauth/authorize'
import { exchangeCode } from '../../../lib/oauth/server'
import type { Image, OauthApp } from '../../../payload-types'
import { invalidInput, itemNotFound } from '../http/errors'
import { IMAGE_BODY, rawBody, storeIcon } from '../http/images'
import { defineRoute } from '../http/route'
import { FlowBody, NewOAuthClient, OAuthAccessRequest, OAuthAuthorization, OAuthClient, OAuthClientCreated, OAuthClientPatch } from '../schemas/oauth'

/*
 * The OAuth provider (labrinth `auth/oauth/mod.rs` + `routes/v3/oauth_clients.rs`), mounted at
 * `/_internal/oauth` and `/v3/oauth`. Everything but the token exchange and reading public app
 * details needs a session: a token (SESSION_ACCESS is restricted) never authorizes apps.
 */
const TAG = 'oauth'
const SESSION = ['SESSION_ACCESS'] as const
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'No such application of yours (empty body)', empty: true } }

export const PROBLEM_TEXT: Record<AuthorizeProblem, string> = {
  unknownApp: 'The application was not found.',
  redirectUri: 'The redirect URI is not one the application registered.',
  responseType: 'Only the authorization code flow (response_type=code) is supported.',
  scopeUnknown: 'The application asked for a scope that does not exist.',
  scopeRestricted: 'The application asked for a scope that only a signed-in session may use.',
  scopeNotAllowed: 'The application asked for a scope beyond those it registered.',
  scopeMissing: 'The application asked for no scope.',
  pkce: 'The PKCE code challenge is invalid (use S256 with a 43 to 128 character challenge).',
}

async function toClient(viewer: Viewer, app: OauthApp) {
  const iconId = relationId(app.icon)
  const icon = iconId ? await viewer.payload.findByID({ collection: 'images', id: iconId, depth: 0, overrideAccess: true, disableErrors: true }) : null
  return {
    id: app.id,
    name: app.name,
    icon_url: imageUrl(icon as Image | null, 'icon'),
    max_scopes: Number(parseScopes(app.maxScopes)),
    redirect_uris: (app.redirectUris ?? []).map((r, i) => ({ id: r.id ?? String(i), client_id: app.id, uri: r.uri })),
    created_by: relationId(app.createdBy) ?? '',
    created: app.createdAt,
    url: app.url ?? null,
    description: app.description ?? null,
  }
}

/** The caller's own app (or, for an admin, anyone's), else 404. */
async function ownApp(viewer: Viewer, id: string) {
  const found = await viewer.payload.find({ collection: 'oauth-apps', where: { id: { equals: id } }, limit: 1, depth: 0, ...as(viewer) })
  const app = found.docs[0]
  if (!app || (relationId(app.createdBy) !== viewer.user!.id && viewer.user!.role !== 'admin')) throw itemNotFound()
  return app
}

const appData = (body: z.infer<typeof OAuthClientPatch>) => ({
  ...(body.name !== undefined ? { name: body.name } : {}),
  ...(body.max_scopes !== undefined ? { maxScopes: String(body.max_scopes) } : {}),
  ...(body.redirect_uris !== undefined ? { redirectUris: body.redirect_uris.map((uri) => ({ uri })) } : {}),
  ...(body.url !== undefined ? { url: body.url || null } : {}),
  ...(body.description !== undefined ? { description: body.description || null } : {}),
})

export const authorize = defineRoute({
  method: 'GET', path: '/authorize', operationId: 'oauthAuthorize', tag: TAG, summary: 'Check an app’s request to act for you',
  description: 'The address to send the user to when they already authorized as much (a JSON string), else the question to ask them.',
  scopes: [...SESSION], requiresAuth: true, query: AuthorizeQuery, response: z.union([z.string(), OAuthAccessRequest]),
  handler: async ({ viewer, query }) => {
    const check = await checkAuthorizeRequest(viewer.payload, viewer.user!.id, query)
    if (check.kind === 'problem') throw invalidInput(PROBLEM_TEXT[check.problem])
    if (check.kind === 'redirect') return check.location
    return { flow_id: check.flowId, client_id: check.app.id, client_name: check.app.name, client_icon: check.app.iconUrl, requested_scopes: Number(check.bits) }
  },
})

const decision = (allowed: boolean) =>
  defineRoute({
    method: 'POST', path: allowed ? '/accept' : '/reject', operationId: allowed ? 'oauthAccept' : 'oauthReject', tag: TAG,
    summary: allowed ? 'Authorize the app (answers the address to send the user to)' : 'Decline (answers the address to send the user to)',
    scopes: [...SESSION], requiresAuth: true, body: FlowBody, response: z.string(),
    handler: async ({ viewer, body }) => {
      const location = await answerFlow(viewer.payload, viewer.user!.id, body.flow, allowed)
      if (!location) throw invalidInput('This authorization request has expired or is not yours: start again from the application.')
      return location
    },
  })

export const token = defineRoute({
  method: 'POST', path: '/token', operationId: 'oauthToken', tag: TAG, summary: 'Exchange an authorization code for an access token',
  description: 'Form body `grant_type=authorization_code&code&redirect_uri&client_id[&code_verifier]`; the client secret as HTTP Basic or bare in `Authorization`.',
  anonymous: true,
  handler: async ({ request, payload }) => {
    const form: Record<string, string> = {}
    const type = request.headers.get('content-type') ?? ''
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      for (const [k, v] of (await request.formData()).entries()) if (typeof v === 'string' && !(k in form)) form[k] = v
    } else if (type.includes('json')) {
      const parsed = z.record(z.string(), z.unknown()).safeParse(await request.json().catch(() => null))
      if (parsed.success) for (const [k, v] of Object.entries(parsed.data)) if (typeof v === 'string') form[k] = v
    }
    const answer = await exchangeCode(payload, form, request.headers.get('authorization'))
    return Response.json(answer.body, { status: answer.status, headers: answer.headers })
  },
})

export const createApp = defineRoute({
  method: 'POST', path: '/app', operationId: 'createOAuthApp', tag: TAG, summary: 'Register an application',
  scopes: [...SESSION], requiresAuth: true, body: NewOAuthClient, response: OAuthClientCreated,
  handler: async ({ viewer, body }) => {
    const doc = (await viewer.payload.create({ collection: 'oauth-apps', data: { ...appData(body), name: body.name, maxScopes: String(body.max_scopes), redirectUris: body.redirect_uris.map((uri) => ({ uri })) }, depth: 0, ...as(viewer) })) as OauthApp & { secret?: string }
    return { client_secret: doc.secret ?? '', client: await toClient(viewer, doc) }
  },
})

export const getApp = defineRoute({
  method: 'GET', path: '/app/{id}', operationId: 'getOAuthApp', tag: TAG, summary: 'An application’s public details',
  params: { id: 'The application (client) id' }, response: OAuthClient, responses: { 404: { description: 'No such application (empty body)', empty: true } },
  handler: async ({ viewer, params }) => {
    const doc = await viewer.payload.findByID({ collection: 'oauth-apps', id: params.id, depth: 0, disableErrors: true, ...as(viewer) })
    if (!doc) throw itemNotFound()
    return toClient(viewer, doc)
  },
})

export const getApps = defineRoute({
  method: 'GET', path: '/apps', operationId: 'getOAuthApps', tag: TAG, summary: 'Several applications’ public details',
  query: z.object({ ids: z.string().max(4096) }), response: z.array(OAuthClient),
  handler: async ({ viewer, query }) => {
    let ids: unknown
    try {
      ids = JSON.parse(query.ids)
    } catch {
      throw invalidInput('Query parameter "ids" must be a JSON array of ids')
    }
    const list = z.array(z.string().max(64)).max(100).safeParse(ids)
    if (!list.success) throw invalidInput('Query parameter "ids" must be a JSON array of at most 100 ids')
    const { docs } = await viewer.payload.find({ collection: 'oauth-apps', where: { id: { in: list.data } }, limit: 100, depth: 0, ...as(viewer) })
    return Promise.all(docs.map((d) => toClient(viewer, d)))
  },
})

export const editApp = defineRoute({
  method: 'PATCH', path: '/app/{id}', operationId: 'editOAuthApp', tag: TAG, summary: 'Change an application of yours',
  params: { id: 'The application id' }, scopes: [...SESSION], requiresAuth: true, body: OAuthClientPatch, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    await ownApp(viewer, params.id)
    await viewer.payload.update({ collection: 'oauth-apps', id: params.id, data: appData(body), depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const deleteApp = defineRoute({
  method: 'DELETE', path: '/app/{id}', operationId: 'deleteOAuthApp', tag: TAG, summary: 'Delete an application of yours (its users’ grants and tokens end)',
  params: { id: 'The application id' }, scopes: [...SESSION], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    await ownApp(viewer, params.id)
    await viewer.payload.delete({ collection: 'oauth-apps', id: params.id, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const changeAppIcon = defineRoute({
  method: 'PATCH', path: '/app/{id}/icon', operationId: 'changeOAuthAppIcon', tag: TAG, summary: 'Change an application’s icon',
  description: 'The body is the image itself (PNG, JPEG, WebP or GIF, at most 5 MiB); `ext` names its type.',
  params: { id: 'The application id' }, query: z.object({ ext: z.string().max(8) }), scopes: [...SESSION], requiresAuth: true, responses: { ...done, ...notFound }, upload: IMAGE_BODY,
  handler: async ({ viewer, params, query, request }) => {
    const app = await ownApp(viewer, params.id)
    const icon = await storeIcon(viewer, await rawBody(request), query.ext, app.name)
    await viewer.payload.update({ collection: 'oauth-apps', id: app.id, data: { icon: icon.id }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const deleteAppIcon = defineRoute({
  method: 'DELETE', path: '/app/{id}/icon', operationId: 'deleteOAuthAppIcon', tag: TAG, summary: 'Remove an application’s icon',
  params: { id: 'The application id' }, scopes: [...SESSION], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    const app = await ownApp(viewer, params.id)
    await viewer.payload.update({ collection: 'oauth-apps', id: app.id, data: { icon: null }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const listAuthorizations = defineRoute({
  method: 'GET', path: '/authorizations', operationId: 'listOAuthAuthorizations', tag: TAG, summary: 'The applications you authorized',
  scopes: [...SESSION], requiresAuth: true, response: z.array(OAuthAuthorization),
  handler: async ({ viewer }) => {
    const { docs } = await viewer.payload.find({ collection: 'oauth-authorizations', where: { user: { equals: viewer.user!.id } }, sort: '-createdAt', limit: 0, depth: 0, ...as(viewer) })
    return docs.map((d) => ({ id: String(d.id), app_id: relationId(d.app) ?? '', user_id: relationId(d.user) ?? '', scopes: Number(parseScopes(d.scopes)), created: d.createdAt }))
  },
})

export const revokeAuthorization = defineRoute({
  method: 'DELETE', path: '/authorizations', operationId: 'revokeOAuthAuthorization', tag: TAG, summary: 'Revoke an application (its tokens stop working at once)',
  scopes: [...SESSION], requiresAuth: true, query: z.object({ client_id: z.string().max(64) }), responses: { ...done, 404: { description: 'You have not authorized this application (empty body)', empty: true } },
  handler: async ({ viewer, query }) => {
    const result = await viewer.payload.delete({ collection: 'oauth-authorizations', where: { and: [{ user: { equals: viewer.user!.id } }, { app: { equals: query.client_id } }] }, depth: 0, ...as(viewer) })
    if (result.docs.length === 0) throw itemNotFound()
    return noContent()
  },
})

export const oauthRoutes = [authorize, decision(true), decision(false), token, createApp, getApp, getApps, editApp, deleteApp, changeAppIcon, deleteAppIcon, listAuthorizations, revokeAuthorization]
