import { describe, expect, it } from 'vitest'

import { sessionIdOf } from '../../src/lib/auth/sessions'
import { describeUserAgent } from '../../src/lib/auth/userAgent'

describe('describeUserAgent (sessions page: OS and platform)', () => {
  it('names the operating system and browser of common browsers', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toEqual({ os: 'Windows 10', platform: 'Chrome' })
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ os: 'Linux', platform: 'Firefox' })
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toMatchObject({ os: expect.stringMatching(/^iOS/), platform: 'Safari' })
  })

  it('names a launcher or tool by the name it sends', () => {
    expect(describeUserAgent('ModrinthApp/0.8.9 (support@example.test)').platform).toBe('ModrinthApp')
    expect(describeUserAgent('curl/8.5.0').platform).toBe('curl')
  })

  it('knows nothing of a missing agent', () => {
    expect(describeUserAgent(null)).toEqual({ os: null, platform: null })
    expect(describeUserAgent('   ')).toEqual({ os: null, platform: null })
  })
})

describe('sessionIdOf', () => {
  const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`
  it('reads the session id a session token carries', () => {
    expect(sessionIdOf(jwt({ id: 'u1', sid: 'a0b1-c2' }))).toBe('a0b1-c2')
  })
  it('is null for tokens without one, and for anything that is not a token', () => {
    expect(sessionIdOf(jwt({ id: 'u1' }))).toBeNull()
    expect(sessionIdOf('mrp_abc')).toBeNull()
    expect(sessionIdOf('a.%%%.b')).toBeNull()
    expect(sessionIdOf(undefined)).toBeNull()
  })
})
