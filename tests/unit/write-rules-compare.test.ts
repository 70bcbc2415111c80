import { describe, expect, it } from 'vitest'

import { sameValue } from '../../src/access/core/writeRules'

describe('what counts as a change of a guarded value', () => {
  it('ignores key order and an all-empty group against a missing one (the admin form sends both)', () => {
    expect(sameValue({ body: null, message: null }, { message: null, body: null })).toBe(true)
    expect(sameValue({ body: null, message: null }, null)).toBe(true)
    expect(sameValue({ message: 'Fix the icon', body: '' }, { body: null, message: 'Fix the icon' })).toBe(true)
    expect(sameValue(new Date('2026-01-02T03:04:05.000Z'), '2026-01-02T03:04:05.000Z')).toBe(true)
  })
  it('still sees a real change', () => {
    expect(sameValue({ message: 'Approved' }, { message: null })).toBe(false)
    expect(sameValue({ message: 'Approved' }, null)).toBe(false)
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false)
    expect(sameValue('owner-1', 'owner-2')).toBe(false)
  })
})
