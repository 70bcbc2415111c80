import { describe, expect, it } from 'vitest'

import { checkTotp, hashBackupCode, looksLikeBackupCode, newBackupCodes, newTotpSecret, totpCode, totpUri } from '../../src/lib/auth/totp'

const at = Date.UTC(2026, 10, 25, 12, 0, 10)

describe('TOTP (two-factor sign-in)', () => {
  const secret = newTotpSecret()

  it('makes a base32 secret and an otpauth address an app can scan', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(totpUri(secret, 'jane'))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('Blockforge')
    expect(decodeURIComponent(uri.pathname)).toContain('jane')
  })

  it('accepts the current code and one step of drift, not more', () => {
    expect(checkTotp(secret, totpCode(secret, at), at)).toBe(Math.floor(at / 30_000))
    expect(checkTotp(secret, totpCode(secret, at - 30_000), at)).toBe(Math.floor(at / 30_000) - 1)
    expect(checkTotp(secret, totpCode(secret, at - 90_000), at)).toBeNull()
    expect(checkTotp(secret, totpCode(secret, at + 90_000), at)).toBeNull()
  })

  it('accepts spaces inside a code but refuses anything not six digits, and another secret’s code', () => {
    const code = totpCode(secret, at)
    expect(checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).not.toBeNull()
    expect(checkTotp(secret, 'abcdef', at)).toBeNull()
    expect(checkTotp(secret, '12345', at)).toBeNull()
    expect(checkTotp(newTotpSecret(), code, at)).toBeNull()
  })

  it('refuses a code whose step was already used (no replay)', () => {
    const step = checkTotp(secret, totpCode(secret, at), at)!
    expect(checkTotp(secret, totpCode(secret, at), at, step)).toBeNull()
    expect(checkTotp(secret, totpCode(secret, at + 30_000), at + 30_000, step)).toBe(step + 1)
  })
})

describe('backup codes', () => {
  it('are eight distinct codes in xxxxx-xxxxx form', () => {
    const codes = newBackupCodes()
    expect(codes).toHaveLength(8)
    expect(new Set(codes).size).toBe(8)
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect(looksLikeBackupCode(codes[0])).toBe(true)
    expect(looksLikeBackupCode('123456')).toBe(false)
  })

  it('match by hash whatever the case or dash', () => {
    expect(hashBackupCode('abcde-fghjk')).toBe(hashBackupCode('ABCDEFGHJK'))
    expect(hashBackupCode('abcde-fghjk')).not.toBe(hashBackupCode('abcde-fghjm'))
  })
})
