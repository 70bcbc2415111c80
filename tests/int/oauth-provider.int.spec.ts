/**
 * The OAuth 2 provider (issue 12 item 7): apps registered by a session, the authorization-code flow
 * with PKCE at labrinth's endpoints, `mro_` tokens narrowed to the granted scopes, and every refusal
 * (unknown app, unregistered redirect URI, restricted or unregistered scope, wrong secret or
 * verifier, a reused code, a flow that is not yours, a revoked app, an expired token).
 */
import { createHash, randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { Scopes } from '../../src/access/core/scopes'
import { DELETE, GET, PATCH, POST } from '../../src/app/v3/oauth/[...path]/route'
import { hashToken } from '../../src/lib/tokens'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { patFor, v2 } from '../helpers/v2'
import { tinyPng } from '../helpers/world'

let payload: Payload
let creator: User & { collection: 'users' }
let player: User & { collection: 'users' }
let creatorSession: string
let playerSession: string
type Json = Record<string, unknown>

const handlers = { GET, POST, PATCH, DELETE } as const
const PATCH_OR_DELETE = { PATCH, DELETE } as const
let ip = 0
async function oauth(path: string, opts: { method?: keyof typeof handlers; body?: unknown; form?: Record<string, string>; auth?: string } = {}) {
  ip += 1
  const method = opts.method ?? (opts.body !== undefined || opts.form ? 'POST' : 'GET')
  const headers = new Headers({ 'x-forwarded-for': `10.77.${(ip >> 8) & 255}.${ip & 255}` })
  if (opts.auth) headers.set('authorization', opts.auth)
  let body: string | undefined
  if (opts.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded')
    body = new URLSearchParams(opts.form).toString()
  } else if (opts.body !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(opts.body)
  }
  const res = await handlers[method](new Request(`http://localhost/v3/oauth${path}`, { method, headers, body }))
  const text = await res.text()
  return { status: res.status, text, json: <T = Json>() => JSON.parse(text) as T }
}

async function sessionOf(user: User): Promise<string> {
  const { token } = await payload.login({ collection: 'users', data: { username: user.username, password: 'test-password-1' } })
  return `Bearer ${token}`
}

const REDIRECT = 'https://app.example/callback'
const bits = (...names: (keyof typeof Scopes)[]) => Number(names.reduce((a, n) => a | Scopes[n], 0n))

async function newApp(extra: Json = {}) {
  const res = await oauth('/app', { auth: creatorSession, body: { name: 'Pack Launcher', max_scopes: bits('USER_READ', 'PROJECT_READ', 'VERSION_READ'), redirect_uris: [REDIRECT, 'http://127.0.0.1:4999/cb'], ...extra } })
  expect(res.status, res.text).toBe(200)
  return res.json<{ client_secret: string; client: Json & { id: string } }>()
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}
const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`

/** Asks as the player, authorizes, and returns the code the app receives. */
async function authorizeAndGetCode(clientId: string, params: Record<string, string> = {}) {
  const ask = await oauth(`/authorize${query({ client_id: clientId, redirect_uri: REDIRECT, scope: 'USER_READ PROJECT_READ', state: 'xyz', ...params })}`, { auth: playerSession })
  expect(ask.status, ask.text).toBe(200)
  const answer = ask.json<unknown>()
  const location = typeof answer === 'string' ? answer : (await oauth('/accept', { auth: playerSession, body: { flow: (answer as { flow_id: string }).flow_id } })).json<string>()
  const url = new URL(location)
  expect(url.origin + url.pathname).toBe(REDIRECT)
  expect(url.searchParams.get('state')).toBe('xyz')
  return url.searchParams.get('code')!
}

beforeAll(async () => {
  payload = await bootPayload()
  creator = await makeUser(payload)
  player = await makeUser(payload)
  creatorSession = await sessionOf(creator)
  playerSession = await sessionOf(player)
})

describe('applications', () => {
  it('a session registers an app: the secret is shown once, the public details hold no secret', async () => {
    const { client_secret, client } = await newApp()
    expect(client_secret).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(client).toMatchObject({ name: 'Pack Launcher', created_by: creator.id, max_scopes: bits('USER_READ', 'PROJECT_READ', 'VERSION_READ') })
    const pub = await oauth(`/app/${client.id}`)
    expect(pub.status).toBe(200)
    expect(pub.text).not.toContain(client_secret)
    expect(pub.text).not.toContain(hashToken(client_secret))
    const rest = await payload.find({ collection: 'oauth-apps', where: { id: { equals: client.id } }, overrideAccess: false, user: player })
    expect(JSON.stringify(rest.docs)).not.toContain(hashToken(client_secret))
  })

  it('refuses restricted scopes, unsafe redirect URIs, a token instead of a session, and edits by anyone but the creator', async () => {
    expect((await oauth('/app', { auth: creatorSession, body: { name: 'Greedy', max_scopes: bits('PAT_CREATE'), redirect_uris: [REDIRECT] } })).status).toBe(400)
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://app.example/cb#frag', 'not a url']) {
      const res = await oauth('/app', { auth: creatorSession, body: { name: 'Unsafe', max_scopes: bits('USER_READ'), redirect_uris: [uri] } })
      expect(res.status, uri).toBe(400)
    }
    const pat = await patFor(payload, creator, ['USER_READ', 'USER_WRITE'])
    expect((await oauth('/app', { auth: pat, body: { name: 'By token', max_scopes: bits('USER_READ'), redirect_uris: [REDIRECT] } })).status).toBe(401)

    const { client } = await newApp()
    expect((await oauth(`/app/${client.id}`, { method: 'PATCH', auth: playerSession, body: { name: 'Hijacked' } })).status).toBe(404)
    expect((await oauth(`/app/${client.id}`, { method: 'DELETE', auth: playerSession })).status).toBe(404)
    expect((await oauth(`/app/${client.id}`, { method: 'PATCH', auth: creatorSession, body: { name: 'Pack Launcher 2' } })).status).toBe(204)
    expect((await oauth(`/app/${client.id}`)).json()).toMatchObject({ name: 'Pack Launcher 2' })

    // The icon, sent as the raw body (labrinth's PATCH /oauth/app/{id}/icon?ext=).
    const png = await tinyPng(24)
    const icon = async (auth: string, method: 'PATCH' | 'DELETE' = 'PATCH') => {
      const res = await PATCH_OR_DELETE[method](new Request(`http://localhost/v3/oauth/app/${client.id}/icon?ext=png`, { method, body: method === 'PATCH' ? new Uint8Array(png) : undefined, headers: { authorization: auth, 'content-type': 'image/png', 'x-forwarded-for': '10.77.200.1' } }))
      return res.status
    }
    expect(await icon(playerSession)).toBe(404)
    expect(await icon(creatorSession)).toBe(204)
    expect((await oauth(`/app/${client.id}`)).json<{ icon_url: string | null }>().icon_url).toEqual(expect.any(String))
    expect(await icon(creatorSession, 'DELETE')).toBe(204)
    expect((await oauth(`/app/${client.id}`)).json<{ icon_url: string | null }>().icon_url).toBeNull()
  })
})

describe('the authorization-code flow', () => {
  it('asks the user, and on Authorize sends back a code that the app trades (secret + PKCE verifier) for a scoped mro_ token', async () => {
    const { client, client_secret } = await newApp()
    const { verifier, challenge } = pkce()
    const ask = await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ+PROJECT_READ', state: 's1', code_challenge: challenge, code_challenge_method: 'S256' })}`, { auth: playerSession })
    expect(ask.status, ask.text).toBe(200)
    const request = ask.json<{ flow_id: string; client_name: string; requested_scopes: number }>()
    expect(request).toMatchObject({ client_id: client.id, client_name: 'Pack Launcher', requested_scopes: bits('USER_READ', 'PROJECT_READ') })

    const accepted = await oauth('/accept', { auth: playerSession, body: { flow: request.flow_id } })
    expect(accepted.status, accepted.text).toBe(200)
    const back = new URL(accepted.json<string>())
    expect(back.searchParams.get('state')).toBe('s1')
    const code = back.searchParams.get('code')!

    const basic = `Basic ${Buffer.from(`${client.id}:${client_secret}`).toString('base64')}`
    const wrongVerifier = await oauth('/token', { auth: basic, form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: pkce().verifier } })
    expect(wrongVerifier.status).toBe(400)
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' })
    // A failed verification used the code up: a guesser gets one try.
    const afterFailure = await oauth('/token', { auth: basic, form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier } })
    expect(afterFailure.json()).toMatchObject({ error: 'invalid_grant' })

    const code2 = await authorizeAndGetCode(client.id, { code_challenge: challenge, code_challenge_method: 'S256' })
    const exchanged = await oauth('/token', { auth: basic, form: { grant_type: 'authorization_code', code: code2, redirect_uri: REDIRECT, code_verifier: verifier } })
    expect(exchanged.status, exchanged.text).toBe(200)
    const token = exchanged.json<{ access_token: string; token_type: string; expires_in: number }>()
    expect(token.access_token).toMatch(/^mro_[A-Za-z0-9]{60}$/)
    expect(token.token_type).toBe('Bearer')
    expect(token.expires_in).toBeGreaterThan(13 * 86_400)

    const reused = await oauth('/token', { auth: basic, form: { grant_type: 'authorization_code', code: code2, redirect_uri: REDIRECT, code_verifier: verifier } })
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' })

    // The token is the player, narrowed to what was granted.
    const me = await v2('/user', { auth: token.access_token })
    expect(me.status).toBe(200)
    expect(me.json()).toMatchObject({ id: player.id })
    expect((await v2('/user', { auth: `Bearer ${token.access_token}` })).status).toBe(200)
    expect((await v2('/pat', { auth: token.access_token })).status).toBe(401)
    // …on Payload's own surface too: reading the user is granted, writing it is not.
    const { user: asApp } = await payload.auth({ headers: new Headers({ authorization: `Bearer ${token.access_token}` }) })
    expect(asApp?.id).toBe(player.id)
    await expect(payload.update({ collection: 'users', id: player.id, data: { bio: 'Written by an app' }, user: asApp, overrideAccess: false })).rejects.toThrow()
    expect((await payload.findByID({ collection: 'users', id: player.id, overrideAccess: true })).bio ?? '').not.toBe('Written by an app')
    expect((await oauth('/authorizations', { auth: token.access_token })).status).toBe(401)
  })

  it('accepts the bare secret in Authorization (labrinth clients) and refuses a wrong secret or redirect URI', async () => {
    const { client, client_secret } = await newApp()
    const code = await authorizeAndGetCode(client.id)
    const wrong = await oauth('/token', { auth: 'x'.repeat(32), form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client.id } })
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' })
    const code2 = await authorizeAndGetCode(client.id)
    const otherUri = await oauth('/token', { auth: client_secret, form: { grant_type: 'authorization_code', code: code2, redirect_uri: 'http://127.0.0.1:4999/cb', client_id: client.id } })
    expect(otherUri.status).toBe(400)
    const code3 = await authorizeAndGetCode(client.id)
    const ok = await oauth('/token', { auth: client_secret, form: { grant_type: 'authorization_code', code: code3, redirect_uri: REDIRECT, client_id: client.id } })
    expect(ok.status, ok.text).toBe(200)
  })

  it('does not ask again for scopes already granted, and asks for new ones', async () => {
    const { client } = await newApp()
    await authorizeAndGetCode(client.id)
    const again = await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ', state: 'xyz' })}`, { auth: playerSession })
    expect(typeof again.json<unknown>()).toBe('string')
    const wider = await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ VERSION_READ', state: 'xyz' })}`, { auth: playerSession })
    expect(wider.json()).toHaveProperty('flow_id')
  })

  it('Decline sends the user back with access_denied and grants nothing', async () => {
    const { client } = await newApp()
    const ask = await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ', state: 'no' })}`, { auth: playerSession })
    const back = new URL((await oauth('/reject', { auth: playerSession, body: { flow: ask.json<{ flow_id: string }>().flow_id } })).json<string>())
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe('no')
    expect(back.searchParams.get('code')).toBeNull()
    const granted = await payload.count({ collection: 'oauth-authorizations', where: { app: { equals: client.id } }, overrideAccess: true })
    expect(granted.totalDocs).toBe(0)
  })

  it('refuses what it cannot trust, with a clear message and no redirect', async () => {
    const { client } = await newApp()
    const cases: [Record<string, string>, RegExp][] = [
      [{ client_id: 'nope1234' }, /application was not found/],
      [{ redirect_uri: 'https://evil.example/callback' }, /redirect URI is not one the application registered/],
      [{ scope: 'PAT_CREATE' }, /only a signed-in session may use/],
      [{ scope: 'PROJECT_WRITE' }, /beyond those it registered/],
      [{ scope: 'MAKE_COFFEE' }, /scope that does not exist/],
      [{ code_challenge: 'short', code_challenge_method: 'S256' }, /PKCE/],
      [{ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, /PKCE/],
    ]
    for (const [params, message] of cases) {
      const res = await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ', state: 'x', ...params })}`, { auth: playerSession })
      expect(res.status, JSON.stringify(params)).toBe(400)
      expect(res.json<{ description: string }>().description).toMatch(message)
    }
    expect((await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ' })}`)).status).toBe(401)
  })

  it('a flow is the asked user’s own: another user, a tampered flow or a token cannot answer it', async () => {
    const { client } = await newApp()
    const ask = await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ', state: 'x' })}`, { auth: playerSession })
    const flow = ask.json<{ flow_id: string }>().flow_id
    expect((await oauth('/accept', { auth: creatorSession, body: { flow } })).status).toBe(400)
    const [body, sig] = flow.split('.')
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), s: String(Scopes.USER_WRITE) })).toString('base64url')
    expect((await oauth('/accept', { auth: playerSession, body: { flow: `${forged}.${sig}` } })).status).toBe(400)
    const pat = await patFor(payload, player, ['USER_READ'])
    expect((await oauth('/accept', { auth: pat, body: { flow } })).status).toBe(401)
    expect(await payload.count({ collection: 'oauth-authorizations', where: { app: { equals: client.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
  })
})

describe('revoking', () => {
  async function tokenFor(clientId: string, secret: string) {
    const code = await authorizeAndGetCode(clientId)
    return (await oauth('/token', { auth: secret, form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId } })).json<{ access_token: string }>().access_token
  }

  it('the user revokes an app: its tokens stop at once, and the app must ask again', async () => {
    const { client, client_secret } = await newApp()
    const token = await tokenFor(client.id, client_secret)
    expect((await v2('/user', { auth: token })).status).toBe(200)
    const list = await oauth('/authorizations', { auth: playerSession })
    expect(list.json<Json[]>().map((a) => a.app_id)).toContain(client.id)
    expect((await oauth(`/authorizations${query({ client_id: client.id })}`, { method: 'DELETE', auth: creatorSession })).status).toBe(404)
    expect((await oauth(`/authorizations${query({ client_id: client.id })}`, { method: 'DELETE', auth: playerSession })).status).toBe(204)
    expect((await v2('/user', { auth: token })).status).toBe(401)
    const ask = await oauth(`/authorize${query({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ', state: 'x' })}`, { auth: playerSession })
    expect(ask.json()).toHaveProperty('flow_id')
  })

  it('deleting the app ends every grant; a token past its expiry is refused', async () => {
    const { client, client_secret } = await newApp()
    const token = await tokenFor(client.id, client_secret)
    expect((await oauth(`/app/${client.id}`, { method: 'DELETE', auth: creatorSession })).status).toBe(204)
    expect((await v2('/user', { auth: token })).status).toBe(401)

    const live = await newApp()
    const stale = `mro_${'S'.repeat(60)}`
    await payload.create({ collection: 'oauth-tokens', data: { tokenHash: hashToken(stale), app: live.client.id, user: player.id, scopes: String(Scopes.USER_READ), expiresAt: new Date(Date.now() - 1000).toISOString() }, overrideAccess: true })
    expect((await v2('/user', { auth: stale })).status).toBe(401)
  })

  it('deleting the account removes its apps and its grants', async () => {
    const leaving = await makeUser(payload)
    const app = await payload.create({ collection: 'oauth-apps', data: { name: 'Soon gone', maxScopes: String(Scopes.USER_READ), redirectUris: [{ uri: REDIRECT }] }, user: leaving, overrideAccess: false })
    await payload.delete({ collection: 'users', id: leaving.id, overrideAccess: true })
    expect(await payload.findByID({ collection: 'oauth-apps', id: app.id, disableErrors: true, overrideAccess: true })).toBeNull()
  })
})
