import { describe, expect, it } from 'vitest'

import { clientAddress, trustedProxyHops } from '../../src/lib/http/clientAddress'
import { appendPeer } from '../../src/lib/http/peerAddress'
import { contentSecurityPolicy, securityHeaders } from '../../src/lib/http/securityHeaders.mjs'

describe('client address', () => {
  const xff = (value: string) => new Headers({ 'x-forwarded-for': value })

  it('is the peer (rightmost entry) without TRUST_PROXY, whatever the client claims', () => {
    expect(clientAddress(xff('1.2.3.4, 127.0.0.1'), 0)).toBe('127.0.0.1')
    expect(clientAddress(xff('127.0.0.1'), 0)).toBe('127.0.0.1')
  })

  it('counts TRUST_PROXY hops from the right', () => {
    expect(clientAddress(xff('6.6.6.6, 203.0.113.5, 10.0.0.1'), 1)).toBe('203.0.113.5')
    expect(clientAddress(xff('6.6.6.6, 203.0.113.5, 10.0.0.2, 10.0.0.1'), 2)).toBe('203.0.113.5')
    expect(clientAddress(xff('203.0.113.5'), 3)).toBe('203.0.113.5')
  })

  it('is "unknown" with no header', () => {
    expect(clientAddress(new Headers(), 0)).toBe('unknown')
  })

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(trustedProxyHops(undefined)).toBe(0)
    expect(trustedProxyHops('false')).toBe(0)
    expect(trustedProxyHops('true')).toBe(1)
    expect(trustedProxyHops('2')).toBe(2)
    expect(() => trustedProxyHops('yes')).toThrow(/TRUST_PROXY/)
  })

  it('appends the socket peer to what the client sent', () => {
    expect(appendPeer(undefined, '::1')).toBe('::1')
    expect(appendPeer('1.2.3.4', '127.0.0.1')).toBe('1.2.3.4, 127.0.0.1')
    expect(appendPeer(['1.2.3.4', '5.6.7.8'], '127.0.0.1')).toBe('1.2.3.4, 5.6.7.8, 127.0.0.1')
    expect(appendPeer('1.2.3.4', undefined)).toBe('1.2.3.4')
  })
})

describe('security headers', () => {
  it('sets the five headers every response carries', () => {
    const headers = Object.fromEntries(securityHeaders().map((h) => [h.key, h.value]))
    expect(headers['X-Frame-Options']).toBe('DENY')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Permissions-Policy']).toContain('camera=()')
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
  })

  it('allows eval only in development, and FILES_URL as an image source', () => {
    expect(contentSecurityPolicy()).not.toContain('unsafe-eval')
    expect(contentSecurityPolicy({ dev: true })).toContain("'unsafe-eval'")
    expect(contentSecurityPolicy({ filesOrigin: 'https://files.example.net/x' })).toMatch(/img-src [^;]*https:\/\/files\.example\.net/)
    // Stripe's card form only when real Stripe is configured.
    expect(contentSecurityPolicy()).not.toContain('stripe.com')
    expect(contentSecurityPolicy({ stripe: true })).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/)
    expect(contentSecurityPolicy({ stripe: true })).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/)
    expect(contentSecurityPolicy({ stripe: true })).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/)
    expect(contentSecurityPolicy()).toContain("object-src 'none'")
  })

  it("frames the site only for the admin's live preview, and only on the same origin", () => {
    expect(contentSecurityPolicy()).not.toMatch(/frame-src [^;]*'self'/)
    expect(contentSecurityPolicy({ framesSelf: true })).toMatch(/frame-src 'self' /)
    const preview = Object.fromEntries(securityHeaders({ framedBySelf: true }).map((h) => [h.key, h.value]))
    expect(preview['Content-Security-Policy']).toContain("frame-ancestors 'self'")
    expect(preview['X-Frame-Options']).toBe('SAMEORIGIN')
  })
})
