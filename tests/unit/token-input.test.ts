import { describe, expect, it } from 'vitest'

import { Scopes } from '../../src/access/core/scopes'
import { parseTokenInput } from '../../src/lib/auth/tokenInput'

const now = new Date('2026-11-25T12:00:00Z')

describe('parseTokenInput (the personal access token form)', () => {
  it('takes a name, a future day and grantable scopes; the token lasts to the end of that day (UTC)', () => {
    const r = parseTokenInput({ name: '  CI uploads ', expires: '2026-12-31', scopes: ['VERSION_CREATE', 'PROJECT_READ'] }, now)
    expect(r).toEqual({ ok: true, value: { name: 'CI uploads', expiresAt: '2026-12-31T23:59:59.999Z', scopes: (Scopes.VERSION_CREATE | Scopes.PROJECT_READ).toString() } })
  })

  it('needs a name of 3 to 255 characters and an expiry (spec: a PAT needs a name and expiry)', () => {
    expect(parseTokenInput({ name: 'ab', expires: '', scopes: [] }, now)).toEqual({ ok: false, errors: { name: 'name', expires: 'expires' } })
    expect(parseTokenInput({ name: 'x'.repeat(256), expires: '2026-12-01', scopes: [] }, now)).toEqual({ ok: false, errors: { name: 'name' } })
  })

  it('refuses today, a past day and a malformed date', () => {
    expect(parseTokenInput({ name: 'Token', expires: '2026-11-25', scopes: [] }, now)).toEqual({ ok: false, errors: { expires: 'expiresPast' } })
    expect(parseTokenInput({ name: 'Token', expires: '2020-01-01', scopes: [] }, now)).toEqual({ ok: false, errors: { expires: 'expiresPast' } })
    expect(parseTokenInput({ name: 'Token', expires: '2026-13-45', scopes: [] }, now)).toEqual({ ok: false, errors: { expires: 'expires' } })
  })

  it('refuses restricted and unknown scopes', () => {
    expect(parseTokenInput({ name: 'Token', expires: '2026-12-01', scopes: ['PAT_CREATE'] }, now)).toEqual({ ok: false, errors: { scopes: 'scopes' } })
    expect(parseTokenInput({ name: 'Token', expires: '2026-12-01', scopes: ['SESSION_ACCESS'] }, now)).toEqual({ ok: false, errors: { scopes: 'scopes' } })
    expect(parseTokenInput({ name: 'Token', expires: '2026-12-01', scopes: ['ROOT'] }, now)).toEqual({ ok: false, errors: { scopes: 'scopes' } })
  })
})
