import { describe, expect, it } from 'vitest'

import { isSecondFactorInvalid, isSecondFactorRequired, SecondFactorInvalid, SecondFactorLimited, SecondFactorRequired, secondFactorRetryAfter } from '../../src/lib/auth/twoFactor'

describe('second-factor refusals', () => {
  it('are recognised by their data, also when thrown by another copy of the classes', () => {
    // What a second server bundle's copy of SecondFactorRequired looks like to this one: not an instance.
    const foreign = Object.assign(new Error('Two-factor authentication is on'), { status: 401, data: { twoFactorRequired: true } })
    expect(isSecondFactorRequired(foreign)).toBe(true)
    expect(isSecondFactorRequired(new SecondFactorRequired())).toBe(true)
    expect(isSecondFactorInvalid(new SecondFactorInvalid())).toBe(true)
    expect(secondFactorRetryAfter(new SecondFactorLimited(90))).toBe(90)
  })
  it('and nothing else is', () => {
    for (const other of [new Error('x'), null, undefined, 'text', { data: null }, Object.assign(new Error('Incorrect'), { status: 401, data: {} })]) {
      expect(isSecondFactorRequired(other)).toBe(false)
      expect(isSecondFactorInvalid(other)).toBe(false)
      expect(secondFactorRetryAfter(other)).toBeNull()
    }
  })
})
