import { describe, expect, it } from 'vitest'

import { configuredProviders, profileFromClaims, profileFromDiscord, profileFromGitHub, usernameFrom } from '../../src/lib/auth/providers/catalogue'
import { openFlow, sealFlow, type FlowState } from '../../src/lib/auth/providers/flow'

describe('configured providers', () => {
  it('offers only providers with both a client id and a secret', () => {
    expect(configuredProviders({})).toEqual([])
    expect(configuredProviders({ AUTH_GITHUB_ID: 'id' })).toEqual([])
    const list = configuredProviders({ AUTH_GITHUB_ID: 'gh', AUTH_GITHUB_SECRET: 's1', AUTH_GOOGLE_ID: 'go', AUTH_GOOGLE_SECRET: 's2' })
    expect(list.map((p) => [p.id, p.name, p.clientId])).toEqual([['github', 'GitHub', 'gh'], ['google', 'Google', 'go']])
  })

  it('lets an OpenID Connect provider point at another issuer (a self-hosted GitLab)', () => {
    const [gitlab] = configuredProviders({ AUTH_GITLAB_ID: 'a', AUTH_GITLAB_SECRET: 'b', AUTH_GITLAB_ISSUER: 'https://git.example.org' })
    expect(gitlab.def).toMatchObject({ kind: 'oidc', issuer: 'https://git.example.org' })
    expect(configuredProviders({ AUTH_GITLAB_ID: 'a', AUTH_GITLAB_SECRET: 'b' })[0].def).toMatchObject({ issuer: 'https://gitlab.com' })
  })
})

describe('who the provider says the person is', () => {
  it('OpenID claims: the email counts as verified only when the provider says so', () => {
    expect(profileFromClaims({ sub: 'abc', email: 'a@x.test', email_verified: true, preferred_username: 'ann' })).toEqual({ subject: 'abc', email: 'a@x.test', emailVerified: true, username: 'ann' })
    expect(profileFromClaims({ sub: 'abc', email: 'a@x.test' })!.emailVerified).toBe(false)
    expect(profileFromClaims({ sub: 'abc', email: 'a@x.test', email_verified: 'true' })!.emailVerified).toBe(false)
    expect(profileFromClaims({ email: 'a@x.test' })).toBeNull()
  })

  it('GitHub: the primary verified address, or none', () => {
    const user = { id: 42, login: 'octo' }
    expect(profileFromGitHub(user, [{ email: 'x@y.test', primary: false, verified: true }, { email: 'p@y.test', primary: true, verified: true }])).toEqual({ subject: '42', email: 'p@y.test', emailVerified: true, username: 'octo' })
    expect(profileFromGitHub(user, [{ email: 'p@y.test', primary: true, verified: false }])).toEqual({ subject: '42', email: null, emailVerified: false, username: 'octo' })
  })

  it('Discord: `verified` is about the email', () => {
    expect(profileFromDiscord({ id: '99', username: 'dee', email: 'd@x.test', verified: false })).toEqual({ subject: '99', email: 'd@x.test', emailVerified: false, username: 'dee' })
  })

  it('usernames keep only allowed characters and are never empty', () => {
    expect(usernameFrom({ subject: '1', email: null, emailVerified: false, username: 'Jane Doe!' })).toBe('Jane-Doe')
    expect(usernameFrom({ subject: '1', email: 'sam.smith@x.test', emailVerified: false, username: null })).toBe('sam-smith')
    expect(usernameFrom({ subject: '1', email: null, emailVerified: false, username: '★★★' })).toBe('user')
  })
})

describe('the flow cookie', () => {
  const state: FlowState = { provider: 'gitlab', verifier: 'v', state: 's', nonce: 'n', redirect: '/mods', link: false, expires: 2_000 }
  it('opens what it sealed, until it expires', () => {
    const sealed = sealFlow(state, 'secret')
    expect(openFlow(sealed, 'secret', 1_000)).toEqual(state)
    expect(openFlow(sealed, 'secret', 2_000)).toBeNull()
  })
  it('refuses a forged or tampered cookie', () => {
    const sealed = sealFlow(state, 'secret')
    expect(openFlow(sealed, 'other-secret', 1_000)).toBeNull()
    const [, mac] = sealed.split('.')
    const forged = `${Buffer.from(JSON.stringify({ ...state, redirect: 'https://evil.example' })).toString('base64url')}.${mac}`
    expect(openFlow(forged, 'secret', 1_000)).toBeNull()
    expect(openFlow(undefined, 'secret')).toBeNull()
    expect(openFlow('garbage', 'secret')).toBeNull()
  })
})
