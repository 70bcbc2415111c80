import { describe, expect, it } from 'vitest'

import { isSameOriginRequest, servedOrigin } from '../../src/lib/http/servedOrigin'

const h = (init: Record<string, string>) => new Headers(init)

describe('servedOrigin', () => {
  it('is the Host with http when no proxy is trusted, whatever X-Forwarded-Proto claims', () => {
    expect(servedOrigin(h({ host: 'box.lan:8080', 'x-forwarded-proto': 'https' }), 0)).toBe('http://box.lan:8080')
  })
  it('takes the scheme from a trusted proxy', () => {
    expect(servedOrigin(h({ host: 'addons.example.org', 'x-forwarded-proto': 'https' }), 1)).toBe('https://addons.example.org')
    expect(servedOrigin(h({ host: 'addons.example.org', 'x-forwarded-proto': 'gopher' }), 1)).toBe('http://addons.example.org')
  })
  it('rejects a missing or malformed host', () => {
    expect(servedOrigin(h({}), 0)).toBeNull()
    expect(servedOrigin(h({ host: 'evil.example/x' }), 0)).toBeNull()
    expect(servedOrigin(h({ host: 'user@evil.example' }), 0)).toBeNull()
  })
  it('drops the default port as browsers do in Origin', () => {
    expect(servedOrigin(h({ host: 'site.test:80' }), 0)).toBe('http://site.test')
  })
})

describe('isSameOriginRequest', () => {
  it('needs an Origin equal to the address served', () => {
    expect(isSameOriginRequest(h({ host: 'box.lan:8080', origin: 'http://box.lan:8080' }), 0)).toBe(true)
    expect(isSameOriginRequest(h({ host: 'box.lan:8080', origin: 'http://evil.example' }), 0)).toBe(false)
    expect(isSameOriginRequest(h({ host: 'box.lan:8080' }), 0)).toBe(false)
    expect(isSameOriginRequest(h({ host: 'box.lan:8080', origin: 'null' }), 0)).toBe(false)
  })
})
