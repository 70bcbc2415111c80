import { createHmac, timingSafeEqual } from 'node:crypto'

import * as oidc from 'openid-client'

import { env } from '../../env'
import { profileFromClaims, profileFromDiscord, profileFromGitHub, type ConfiguredProvider, type ExternalProfile } from './catalogue'

/** What the start of a flow leaves in the browser (a signed, HttpOnly, 10-minute cookie) for its callback. */
export type FlowState = { provider: string; verifier: string; state: string; nonce: string; redirect: string; link: boolean; expires: number }

export const FLOW_COOKIE = 'bf-provider-flow'
const FLOW_MINUTES = 10

const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('base64url')

export function sealFlow(state: FlowState, secret: string): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url')
  return `${body}.${sign(body, secret)}`
}

/** The flow state, or null when it is missing, forged, or older than ten minutes. */
export function openFlow(value: string | undefined, secret: string, now = Date.now()): FlowState | null {
  const [body, mac] = (value ?? '').split('.')
  if (!body || !mac) return null
  const expected = Buffer.from(sign(body, secret))
  const given = Buffer.from(mac)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as FlowState
    return state.expires > now ? state : null
  } catch {
    return null
  }
}

export const callbackUrl = (provider: string) => `${env.siteUrl()}/auth/provider/${provider}/callback`

// Plain http only for a provider on this machine (tests, a local identity server).
const isLocal = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url)

const configs = new Map<string, Promise<oidc.Configuration>>()

/** The provider's client configuration: discovered once per process for OpenID Connect ones. */
function configOf(p: ConfiguredProvider): Promise<oidc.Configuration> {
  const key = `${p.id}|${p.def.kind === 'oidc' ? p.def.issuer : ''}|${p.clientId}`
  let config = configs.get(key)
  if (!config) {
    config =
      p.def.kind === 'oidc'
        ? oidc.discovery(new URL(p.def.issuer), p.clientId, p.clientSecret, undefined, isLocal(p.def.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined)
        : Promise.resolve(new oidc.Configuration({ issuer: `https://${p.id}.oauth`, authorization_endpoint: p.def.authorizationEndpoint, token_endpoint: p.def.tokenEndpoint }, p.clientId, p.clientSecret))
    config.catch(() => configs.delete(key))
    configs.set(key, config)
  }
  return config
}

/** Where to send the browser, and the state its callback needs. */
export async function startFlow(p: ConfiguredProvider, redirect: string, link: boolean, now = Date.now()): Promise<{ url: URL; state: FlowState }> {
  const config = await configOf(p)
  const verifier = oidc.randomPKCECodeVerifier()
  const state: FlowState = { provider: p.id, verifier, state: oidc.randomState(), nonce: oidc.randomNonce(), redirect, link, expires: now + FLOW_MINUTES * 60_000 }
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(p.id),
    scope: p.def.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: state.state,
    ...(p.def.kind === 'oidc' ? { nonce: state.nonce } : {}),
  })
  return { url, state }
}

/** The callback: the code exchanged (state, PKCE and, for OpenID Connect, the ID token checked), then who the person is. */
export async function finishFlow(p: ConfiguredProvider, flow: FlowState, currentUrl: URL): Promise<ExternalProfile | null> {
  const config = await configOf(p)
  // The provider sends the browser back to our public address; check it as that.
  const returned = new URL(callbackUrl(p.id))
  returned.search = currentUrl.search
  if (p.def.kind === 'oidc') {
    const tokens = await oidc.authorizationCodeGrant(config, returned, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true })
    const claims: Record<string, unknown> = { ...tokens.claims() }
    // Some providers put the email only in userinfo; the ID token's claims win where both say.
    const info: Record<string, unknown> = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub)).catch(() => ({}))
    return profileFromClaims({ ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified })
  }
  const tokens = await oidc.authorizationCodeGrant(config, returned, { pkceCodeVerifier: flow.verifier, expectedState: flow.state })
  const get = async (url: string) => {
    const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(url), 'GET', null, new Headers({ accept: 'application/json', 'user-agent': 'Blockforge' }))
    return res.ok ? ((await res.json()) as unknown) : null
  }
  const user = (await get(p.def.profileUrl)) as Record<string, unknown> | null
  if (!user) return null
  return p.id === 'github' ? profileFromGitHub(user, p.def.emailsUrl ? await get(p.def.emailsUrl) : []) : profileFromDiscord(user)
}
