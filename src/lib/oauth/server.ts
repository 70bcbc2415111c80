import OAuth2Server, { OAuthError, Request as OAuthRequest, Response as OAuthResponse, type AuthorizationCodeModel, type Client } from '@node-oauth/oauth2-server'
import type { Payload } from 'payload'

import { parseScopes } from '../../access/core/scopes'
import { consumeCode } from '../db/oauthCodes'
import { relationId } from '../ids'
import { hashToken, newAuthorizationCode, newOAuthAccessToken, secretsEqual } from '../tokens'
import { isRegistered } from './redirectUri'
import { parseScopeString, scopeList } from './scopeString'

/*
 * The OAuth 2 authorization server: @node-oauth/oauth2-server runs the protocol (authorization
 * codes, PKCE, client authentication, token responses); this file is its storage on Payload. The
 * server acts as the system (overrideAccess): who may authorize was settled by the signed-in user's
 * Authorize, and the client by its secret.
 */
export const CODE_LIFETIME_S = 10 * 60
/** labrinth's OAuth access tokens last two weeks; there are no refresh tokens. */
export const ACCESS_TOKEN_LIFETIME_S = 14 * 24 * 60 * 60

type AppClient = Client & { name: string; maxScopes: bigint }

export async function findApp(payload: Payload, id: string) {
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) return null
  return payload.findByID({ collection: 'oauth-apps', id, depth: 0, overrideAccess: true, disableErrors: true, showHiddenFields: true })
}

const toClient = (app: NonNullable<Awaited<ReturnType<typeof findApp>>>): AppClient => ({
  id: app.id,
  name: app.name,
  redirectUris: (app.redirectUris ?? []).map((r) => r.uri),
  grants: ['authorization_code'],
  accessTokenLifetime: ACCESS_TOKEN_LIFETIME_S,
  maxScopes: parseScopes(app.maxScopes),
})

/** At the token endpoint the client must prove itself with its secret (even with PKCE). */
function model(payload: Payload, clientAuth: 'none' | 'secret'): AuthorizationCodeModel {
  return {
    getClient: async (clientId, clientSecret) => {
      const app = await findApp(payload, clientId)
      if (!app) return false
      if (clientAuth === 'secret' && !secretsEqual(hashToken(clientSecret ?? ''), (app as { secretHash?: string }).secretHash ?? '')) return false
      return toClient(app)
    },
    validateRedirectUri: async (uri, client) => isRegistered(uri, (client.redirectUris as string[]) ?? []),
    validateScope: async (_user, client, scope) => {
      const parsed = parseScopeString(scope ?? [])
      if (!parsed.ok || (parsed.bits & ~(client as AppClient).maxScopes) !== 0n) return false
      return parsed.names
    },
    generateAuthorizationCode: async () => newAuthorizationCode(),
    generateAccessToken: async () => newOAuthAccessToken(),
    saveAuthorizationCode: async (code, client, user) => {
      await payload.create({
        collection: 'oauth-codes',
        data: {
          codeHash: hashToken(code.authorizationCode),
          app: client.id,
          user: user.id,
          scopes: parseScopeString(code.scope ?? []).ok ? (parseScopeString(code.scope ?? []) as { bits: bigint }).bits.toString() : '0',
          redirectUri: code.redirectUri,
          codeChallenge: code.codeChallenge ?? null,
          codeChallengeMethod: code.codeChallengeMethod ?? null,
          expiresAt: code.expiresAt.toISOString(),
        },
        overrideAccess: true,
      })
      return { ...code, client, user }
    },
    getAuthorizationCode: async (authorizationCode) => {
      const row = (await payload.find({ collection: 'oauth-codes', where: { codeHash: { equals: hashToken(authorizationCode) } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
      const app = row ? await findApp(payload, relationId(row.app) ?? '') : null
      if (!row || !app) return false
      return {
        authorizationCode,
        expiresAt: new Date(row.expiresAt),
        redirectUri: row.redirectUri,
        scope: scopeList(parseScopes(row.scopes)),
        client: toClient(app),
        user: { id: relationId(row.user) },
        codeChallenge: row.codeChallenge ?? undefined,
        codeChallengeMethod: row.codeChallengeMethod ?? undefined,
      }
    },
    revokeAuthorizationCode: async (code) => consumeCode(payload, hashToken(code.authorizationCode)),
    saveToken: async (token, client, user) => {
      // The user may have revoked the app between Authorize and this exchange.
      const granted = await payload.count({ collection: 'oauth-authorizations', where: { and: [{ user: { equals: user.id } }, { app: { equals: client.id } }] }, overrideAccess: true })
      if (granted.totalDocs === 0) return false
      await payload.create({
        collection: 'oauth-tokens',
        data: {
          tokenHash: hashToken(token.accessToken),
          app: client.id,
          user: user.id,
          scopes: (parseScopeString(token.scope ?? []) as { bits?: bigint }).bits?.toString() ?? '0',
          expiresAt: (token.accessTokenExpiresAt ?? new Date(Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000)).toISOString(),
        },
        overrideAccess: true,
      })
      return { ...token, client, user }
    },
    getAccessToken: async () => false, // tokens are read by the auth strategy (src/collections/Users/oauthStrategy.ts)
  }
}

const serverFor = (payload: Payload, clientAuth: 'none' | 'secret') =>
  new OAuth2Server({ model: model(payload, clientAuth), allowEmptyState: true, authorizationCodeLifetime: CODE_LIFETIME_S, accessTokenLifetime: ACCESS_TOKEN_LIFETIME_S })

export type CodeRequest = { user: string; client: string; redirectUri: string; scopes: string[]; state?: string; codeChallenge?: string; codeChallengeMethod?: string }

/**
 * The redirect back to the app after the user decided: with a fresh code (Authorize) or with
 * `error=access_denied` (Decline). Null when no redirect can be built (unknown app, URI not
 * registered): then the user must not be sent anywhere.
 */
export async function redirectAfterDecision(payload: Payload, request: CodeRequest, allowed: boolean): Promise<string | null> {
  const req = new OAuthRequest({
    method: 'POST',
    headers: {},
    query: {},
    body: {
      response_type: 'code',
      client_id: request.client,
      redirect_uri: request.redirectUri,
      scope: request.scopes.join(' '),
      ...(request.state ? { state: request.state } : {}),
      ...(request.codeChallenge ? { code_challenge: request.codeChallenge, code_challenge_method: request.codeChallengeMethod ?? 'S256' } : {}),
      allowed: allowed ? 'true' : 'false',
    },
  })
  const res = new OAuthResponse({ headers: {} })
  try {
    await serverFor(payload, 'none').authorize(req, res, { authenticateHandler: { handle: async () => ({ id: request.user }) } })
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error
  }
  const location = res.get('location')
  return typeof location === 'string' ? location : null
}

export type TokenAnswer = { status: number; body: Record<string, unknown>; headers: Record<string, string> }

/**
 * `POST …/oauth/token`: the app trades its code for an access token. Takes the form fields and the
 * `Authorization` header; labrinth's clients send the bare secret there, standard ones HTTP Basic.
 */
export async function exchangeCode(payload: Payload, form: Record<string, string>, authorization: string | null): Promise<TokenAnswer> {
  const body = { ...form }
  // The library checks the form's content type the way Express does, which needs a body length.
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(new URLSearchParams(body).toString().length) }
  const auth = (authorization ?? '').trim()
  if (/^basic\s/i.test(auth)) headers.authorization = auth
  else if (auth && !body.client_secret) body.client_secret = auth.replace(/^bearer\s+/i, '')
  const req = new OAuthRequest({ method: 'POST', headers, query: {}, body })
  const res = new OAuthResponse({ headers: {} })
  try {
    await serverFor(payload, 'secret').token(req, res, { requireClientAuthentication: { authorization_code: true } })
    const token = res.body as Record<string, unknown>
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: { access_token: token.access_token, token_type: 'Bearer', expires_in: token.expires_in, scope: token.scope } }
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error
    const extra: Record<string, string> = error.name === 'invalid_client' && /^basic\s/i.test(auth) ? { 'www-authenticate': 'Basic realm="Service"' } : {}
    return { status: error.code, headers: { 'cache-control': 'no-store', ...extra }, body: { error: error.name, error_description: error.message } }
  }
}
