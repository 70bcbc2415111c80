import type { Payload } from 'payload'
import { z } from 'zod'

import { parseScopes, type ScopeName } from '../../access/core/scopes'
import { imageUrl } from '../data/page-project'
import { relationId } from '../ids'
import type { Image } from '../../payload-types'
import { readFlow, signFlow, type FlowData } from './flow'
import { isRegistered } from './redirectUri'
import { parseScopeString, scopeList } from './scopeString'
import { findApp, redirectAfterDecision } from './server'

/*
 * The authorize step as the page and `GET …/oauth/authorize` share it: check the app's request,
 * skip the question when the user already granted as much, otherwise ask (a signed flow id); then
 * Authorize or Decline sends the user back to the app.
 */
export const AuthorizeQuery = z.object({
  client_id: z.string().max(64).optional(),
  redirect_uri: z.string().max(2048).optional(),
  scope: z.string().max(2048).optional(),
  state: z.string().max(1024).optional(),
  response_type: z.string().max(64).optional(),
  code_challenge: z.string().max(128).optional(),
  code_challenge_method: z.string().max(16).optional(),
})
export type AuthorizeQuery = z.infer<typeof AuthorizeQuery>

/** Why a request cannot go on; none of these redirects to the app (its redirect URI is not trusted yet). */
export type AuthorizeProblem = 'unknownApp' | 'redirectUri' | 'responseType' | 'scopeUnknown' | 'scopeRestricted' | 'scopeNotAllowed' | 'scopeMissing' | 'pkce'

export type AppSummary = { id: string; name: string; iconUrl: string | null; url: string | null; creator: { id: string; username: string } | null }

export type AuthorizeCheck =
  | { kind: 'problem'; problem: AuthorizeProblem; detail?: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'ask'; flowId: string; app: AppSummary; scopes: ScopeName[]; bits: bigint; redirectUri: string }

async function summary(payload: Payload, app: NonNullable<Awaited<ReturnType<typeof findApp>>>): Promise<AppSummary> {
  const [icon, creator] = await Promise.all([
    relationId(app.icon) ? payload.findByID({ collection: 'images', id: relationId(app.icon)!, depth: 0, overrideAccess: true, disableErrors: true }) : null,
    relationId(app.createdBy) ? payload.findByID({ collection: 'users', id: relationId(app.createdBy)!, depth: 0, overrideAccess: true, disableErrors: true, select: { username: true } }) : null,
  ])
  return { id: app.id, name: app.name, iconUrl: imageUrl(icon as Image | null, 'icon'), url: app.url ?? null, creator: creator ? { id: creator.id, username: creator.username ?? '' } : null }
}

export async function checkAuthorizeRequest(payload: Payload, user: string, query: AuthorizeQuery): Promise<AuthorizeCheck> {
  const app = query.client_id ? await findApp(payload, query.client_id) : null
  if (!app) return { kind: 'problem', problem: 'unknownApp' }
  const registered = (app.redirectUris ?? []).map((r) => r.uri)
  const redirectUri = query.redirect_uri ?? (registered.length === 1 ? registered[0] : undefined)
  if (!redirectUri || !isRegistered(redirectUri, registered)) return { kind: 'problem', problem: 'redirectUri' }
  if (query.response_type && query.response_type !== 'code') return { kind: 'problem', problem: 'responseType' }
  if (query.code_challenge_method && query.code_challenge_method !== 'S256') return { kind: 'problem', problem: 'pkce' }
  if (query.code_challenge_method && !query.code_challenge) return { kind: 'problem', problem: 'pkce' }
  if (query.code_challenge && !/^[A-Za-z0-9._~-]{43,128}$/.test(query.code_challenge)) return { kind: 'problem', problem: 'pkce' }
  const scopes = parseScopeString(query.scope)
  if (!scopes.ok) {
    const problem = scopes.error === 'empty' ? 'scopeMissing' : scopes.error === 'restricted' ? 'scopeRestricted' : 'scopeUnknown'
    return { kind: 'problem', problem, detail: scopes.name }
  }
  if ((scopes.bits & ~parseScopes(app.maxScopes)) !== 0n) return { kind: 'problem', problem: 'scopeNotAllowed' }

  const flow: FlowData = { user, client: app.id, redirectUri, scopes: scopes.bits, state: query.state, codeChallenge: query.code_challenge, codeChallengeMethod: query.code_challenge ? 'S256' : undefined }
  const granted = await grantOf(payload, user, app.id)
  if (granted !== null && (scopes.bits & ~granted) === 0n) {
    const location = await decide(payload, flow, true)
    if (location) return { kind: 'redirect', location }
  }
  return { kind: 'ask', flowId: signFlow(payload.secret, flow), app: await summary(payload, app), scopes: scopes.names, bits: scopes.bits, redirectUri }
}

async function grantOf(payload: Payload, user: string, app: string): Promise<bigint | null> {
  const row = (await payload.find({ collection: 'oauth-authorizations', where: { and: [{ user: { equals: user } }, { app: { equals: app } }] }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
  return row ? parseScopes(row.scopes) : null
}

/** Records (or widens) the user's consent; two tabs authorizing at once meet at the unique index. */
async function recordGrant(payload: Payload, user: string, app: string, scopes: bigint) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = (await payload.find({ collection: 'oauth-authorizations', where: { and: [{ user: { equals: user } }, { app: { equals: app } }] }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
    try {
      if (row) await payload.update({ collection: 'oauth-authorizations', id: row.id, data: { scopes: (parseScopes(row.scopes) | scopes).toString() }, depth: 0, overrideAccess: true })
      else await payload.create({ collection: 'oauth-authorizations', data: { user, app, scopes: scopes.toString() }, depth: 0, overrideAccess: true })
      return
    } catch (error) {
      if (attempt === 1) throw error
    }
  }
}

const decide = (payload: Payload, flow: FlowData, allowed: boolean) =>
  redirectAfterDecision(payload, { user: flow.user, client: flow.client, redirectUri: flow.redirectUri, scopes: scopeList(flow.scopes), state: flow.state, codeChallenge: flow.codeChallenge, codeChallengeMethod: flow.codeChallengeMethod }, allowed)

/**
 * Authorize (`allowed`) or Decline on a flow the user was shown: the address to send them to, or
 * null when the flow is not theirs, has expired, or its app is gone.
 */
export async function answerFlow(payload: Payload, user: string, flowId: string, allowed: boolean): Promise<string | null> {
  const flow = readFlow(payload.secret, flowId, user)
  if (!flow) return null
  if (!(await findApp(payload, flow.client))) return null
  if (allowed) await recordGrant(payload, user, flow.client, flow.scopes)
  return decide(payload, flow, allowed)
}
