import { describe, expect, it } from 'vitest'

import { checkSubdomain } from '../../src/lib/hosting/subdomain'

describe('a server subdomain', () => {
  it('is 3–32 lowercase letters, digits and inner dashes, lowercased', () => {
    expect(checkSubdomain(' My-Realm ')).toEqual({ ok: true, value: 'my-realm' })
    expect(checkSubdomain('abc')).toEqual({ ok: true, value: 'abc' })
    expect(checkSubdomain('a'.repeat(32)).ok).toBe(true)
  })
  it('refuses short, long, dashed edges, double dashes, dots and the site’s own names', () => {
    for (const bad of ['ab', 'a'.repeat(33), '-abc', 'abc-', 'a--b', 'a.b', 'ab_c', 'é-cole']) expect(checkSubdomain(bad).ok, bad).toBe(false)
    expect(checkSubdomain('www')).toEqual({ ok: false, reason: 'That subdomain is kept by the site. Pick another.' })
  })
})
