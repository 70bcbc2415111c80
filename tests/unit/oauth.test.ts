import { describe, expect, it } from 'vitest'

import { Scopes } from '../../src/access/core/scopes'
import { FLOW_LIFETIME_MS, readFlow, signFlow } from '../../src/lib/oauth/flow'
import { checkRedirectUri, isRegistered } from '../../src/lib/oauth/redirectUri'
import { parseAppInput } from '../../src/lib/oauth/appInput'
import { parseScopeString } from '../../src/lib/oauth/scopeString'

describe('OAuth redirect URIs', () => {
  it('takes https, loopback http and reverse-domain app schemes', () => {
    for (const uri of ['https://app.example/callback', 'http://127.0.0.1:4000/cb', 'http://localhost/cb', 'http://[::1]:8080/cb', 'com.example.launcher:/oauth'])
      expect(checkRedirectUri(uri), uri).toBeNull()
  })
  it('refuses plain http elsewhere, fragments, script schemes, bare schemes and relative paths', () => {
    expect(checkRedirectUri('http://app.example/cb')).toMatch(/https/)
    expect(checkRedirectUri('https://app.example/cb#x')).toMatch(/fragment/)
    expect(checkRedirectUri('javascript:alert(1)')).toMatch(/cannot be a redirect/)
    expect(checkRedirectUri('data:text/html,hi')).toMatch(/cannot be a redirect/)
    expect(checkRedirectUri('myapp:/cb')).toMatch(/reverse-domain/)
    expect(checkRedirectUri('/callback')).toMatch(/absolute/)
    expect(checkRedirectUri('')).toMatch(/Enter/)
  })
  it('matches registered URIs exactly', () => {
    expect(isRegistered('https://app.example/cb', ['https://app.example/cb'])).toBe(true)
    expect(isRegistered('https://app.example/cb/extra', ['https://app.example/cb'])).toBe(false)
    expect(isRegistered('https://app.example/CB', ['https://app.example/cb'])).toBe(false)
  })
})

describe('OAuth scope strings', () => {
  it('reads names separated by spaces or +, in any case', () => {
    expect(parseScopeString('USER_READ+project_read')).toEqual({ ok: true, bits: Scopes.USER_READ | Scopes.PROJECT_READ, names: ['USER_READ', 'PROJECT_READ'] })
    expect(parseScopeString(['USER_READ', 'VERSION_READ'])).toMatchObject({ ok: true, bits: Scopes.USER_READ | Scopes.VERSION_READ })
  })
  it('refuses unknown, restricted and empty scope lists', () => {
    expect(parseScopeString('USER_READ FLY')).toEqual({ ok: false, error: 'unknown', name: 'FLY' })
    expect(parseScopeString('USER_READ SESSION_ACCESS')).toEqual({ ok: false, error: 'restricted', name: 'SESSION_ACCESS' })
    expect(parseScopeString('  ')).toEqual({ ok: false, error: 'empty' })
  })
})

describe('OAuth flow ids', () => {
  const secret = 'test-secret'
  const flow = { user: 'u1', client: 'app1', redirectUri: 'https://app.example/cb', scopes: Scopes.USER_READ, state: 'abc', codeChallenge: 'c'.repeat(43), codeChallengeMethod: 'S256' }
  it('round-trips for the user it was made for, until it expires', () => {
    const id = signFlow(secret, flow, 1_000)
    expect(readFlow(secret, id, 'u1', 1_000 + FLOW_LIFETIME_MS - 1)).toEqual(flow)
    expect(readFlow(secret, id, 'u1', 1_000 + FLOW_LIFETIME_MS + 1)).toBeNull()
    expect(readFlow(secret, id, 'u2', 1_000)).toBeNull()
  })
  it('cannot be forged or altered', () => {
    const id = signFlow(secret, flow, 1_000)
    expect(readFlow('other-secret', id, 'u1', 1_000)).toBeNull()
    const [body, sig] = id.split('.')
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), s: String(Scopes.USER_WRITE) })).toString('base64url')
    expect(readFlow(secret, `${altered}.${sig}`, 'u1', 1_000)).toBeNull()
    expect(readFlow(secret, 'garbage', 'u1', 1_000)).toBeNull()
  })
})

describe('the application form', () => {
  const good = { name: 'Pack Launcher', url: 'https://launcher.example', description: 'Installs packs.', redirectUris: 'https://launcher.example/cb\r\nhttp://127.0.0.1:4000/cb\n', scopes: ['USER_READ', 'PROJECT_READ'] }
  it('takes one redirect URI a line and grantable scopes', () => {
    expect(parseAppInput(good)).toEqual({ ok: true, value: { name: 'Pack Launcher', url: 'https://launcher.example', description: 'Installs packs.', redirectUris: [{ uri: 'https://launcher.example/cb' }, { uri: 'http://127.0.0.1:4000/cb' }], maxScopes: String(Scopes.USER_READ | Scopes.PROJECT_READ) } })
  })
  it('names each problem: short name, bad home page, unsafe URI (with its reason), no URIs, restricted or no scopes', () => {
    expect(parseAppInput({ ...good, name: 'ab' })).toMatchObject({ ok: false, errors: { name: 'name' } })
    expect(parseAppInput({ ...good, url: 'ftp://x' })).toMatchObject({ ok: false, errors: { url: 'url' } })
    expect(parseAppInput({ ...good, redirectUris: 'http://evil.example/cb' })).toMatchObject({ ok: false, errors: { redirectUris: expect.stringMatching(/^http:\/\/evil\.example\/cb: Use https/) } })
    expect(parseAppInput({ ...good, redirectUris: '  ' })).toMatchObject({ ok: false, errors: { redirectUris: 'redirectUrisNone' } })
    expect(parseAppInput({ ...good, scopes: ['PAT_CREATE'] })).toMatchObject({ ok: false, errors: { scopes: 'scopes' } })
    expect(parseAppInput({ ...good, scopes: [] })).toMatchObject({ ok: false, errors: { scopes: 'scopesNone' } })
  })
})
