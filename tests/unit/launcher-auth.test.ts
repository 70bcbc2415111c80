import { describe, expect, it } from 'vitest'

import { isLauncherParam, keepLauncher, launcherBaseUrl, launcherRedirect, welcomePath } from '../../src/lib/auth/launcher'

describe('launcher sign-in', () => {
  it('reads the query flag as the app sends it', () => {
    expect(isLauncherParam('true')).toBe(true)
    expect(isLauncherParam(['1', 'x'])).toBe(true)
    for (const v of [undefined, '', 'false', 'yes', ['0']]) expect(isLauncherParam(v), String(v)).toBe(false)
  })
  it('keeps the flag on links between auth pages', () => {
    expect(keepLauncher('/auth/sign-up', true)).toBe('/auth/sign-up?launcher=true')
    expect(keepLauncher('/auth/sign-in?redirect=%2F', true)).toBe('/auth/sign-in?redirect=%2F&launcher=true')
    expect(keepLauncher('/auth/sign-up', false)).toBe('/auth/sign-up')
    expect(welcomePath(true)).toBe('/auth/welcome?launcher=true')
  })
  it('sends the code only to the configured address, or the site’s own page', () => {
    expect(launcherBaseUrl(undefined, 'https://example.org/')).toBe('https://example.org/auth/launcher')
    expect(launcherBaseUrl('http://127.0.0.1:4567/callback', 'https://example.org')).toBe('http://127.0.0.1:4567/callback')
    expect(launcherBaseUrl('blockforge-app://signed-in', 'https://example.org')).toBe('blockforge-app://signed-in')
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'not a url', '/relative']) expect(launcherBaseUrl(bad, 'https://example.org'), bad).toBe('https://example.org/auth/launcher')
    expect(launcherRedirect('http://127.0.0.1:4567/cb?state=a', 'tok.en')).toBe('http://127.0.0.1:4567/cb?state=a&code=tok.en')
  })
})
