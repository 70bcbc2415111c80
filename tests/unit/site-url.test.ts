/** SITE_URL defaults to the address `npm start` actually serves, so links and /v2 file URLs work on any PORT. */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { versionFileUrl } from '../../src/lib/data/files'
import { env } from '../../src/lib/env'

afterEach(() => vi.unstubAllEnvs())

describe('SITE_URL', () => {
  it('defaults to localhost on PORT', () => {
    vi.stubEnv('SITE_URL', undefined)
    vi.stubEnv('PORT', '3900')
    expect(env.siteUrl()).toBe('http://localhost:3900')
    expect(versionFileUrl('mod 1.jar')).toBe('http://localhost:3900/api/version-files/file/mod%201.jar')
  })

  it('defaults to port 3000 when PORT is unset or empty', () => {
    vi.stubEnv('SITE_URL', '')
    vi.stubEnv('PORT', '')
    expect(env.siteUrl()).toBe('http://localhost:3000')
  })

  it('is the configured URL when set, without a trailing slash', () => {
    vi.stubEnv('SITE_URL', 'https://addons.example.org/')
    vi.stubEnv('PORT', '3900')
    expect(env.siteUrl()).toBe('https://addons.example.org')
  })
})
