import { describe, expect, it } from 'vitest'

import { safeRedirectPath } from '../../src/lib/http/safeRedirect'

describe('safeRedirectPath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(safeRedirectPath('/mod/sodium')).toBe('/mod/sodium')
    expect(safeRedirectPath('/mods?q=map&page=2#results')).toBe('/mods?q=map&page=2#results')
    expect(safeRedirectPath('/user/steve/collections')).toBe('/user/steve/collections')
  })

  it('refuses everything that leaves the site', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%5cevil.example',
      '/%5Cevil.example',
      '/%2f%2fevil.example',
      '%2f%2fevil.example',
      '/%255cevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /evil',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'https://evil.example/',
      'evil.example',
      '',
      '/%E0%A4%A',
      '/a\u0000b',
    ]) {
      expect(safeRedirectPath(bad), JSON.stringify(bad)).toBe('/')
    }
  })

  it('refuses non-strings and uses the fallback given', () => {
    expect(safeRedirectPath(undefined)).toBe('/')
    expect(safeRedirectPath(['/a'])).toBe('/')
    expect(safeRedirectPath('//evil.example', '/dashboard')).toBe('/dashboard')
  })
})
