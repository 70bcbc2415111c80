import { describe, expect, it } from 'vitest'

import { signUpInput } from '../../src/lib/auth/schemas'
import { afterSignInPath, signInPathFor } from '../../src/lib/auth/signInPath'
import { emailSettings, parseFrom } from '../../src/lib/email/settings'
import { resetPasswordEmail, verificationEmail } from '../../src/lib/email/templates'

describe('the way to sign in and back', () => {
  it('sends a signed-out visitor to sign in with the page to come back to', () => {
    expect(signInPathFor('/auth/welcome')).toBe('/auth/sign-in?redirect=%2Fauth%2Fwelcome')
    expect(signInPathFor('/dashboard/projects?page=2')).toBe('/auth/sign-in?redirect=%2Fdashboard%2Fprojects%3Fpage%3D2')
    expect(signInPathFor('/')).toBe('/auth/sign-in')
    expect(signInPathFor('//evil.example')).toBe('/auth/sign-in')
  })

  it('comes back only to a path on this site, never to an auth form', () => {
    expect(afterSignInPath('/settings?tab=1')).toBe('/settings?tab=1')
    expect(afterSignInPath('https://evil.example/')).toBe('/')
    expect(afterSignInPath('/\\evil.example')).toBe('/')
    expect(afterSignInPath('/auth/sign-in?redirect=/x')).toBe('/')
    expect(afterSignInPath('/auth/welcome')).toBe('/auth/welcome')
    expect(afterSignInPath(undefined)).toBe('/')
  })
})

describe('sign-up input', () => {
  const ok = { username: 'alice', email: 'Alice@Example.TEST', password: 'long-password', confirmPassword: 'long-password' }
  it("says 'passwordMismatch' on the confirmation when the passwords differ", () => {
    const r = signUpInput.safeParse({ ...ok, confirmPassword: 'other-password' })
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['confirmPassword', 'passwordMismatch']])
  })
  it('lower-cases the email and reads the checkbox', () => {
    expect(signUpInput.parse({ ...ok, subscribe: 'on' })).toMatchObject({ email: 'alice@example.test', subscribe: true })
    expect(signUpInput.parse(ok).subscribe).toBe(false)
  })
})

describe('mail settings', () => {
  it('has no SMTP without SMTP_HOST (the outbox takes the mail)', () => {
    expect(emailSettings({}).smtp).toBeNull()
    expect(emailSettings({ SMTP_HOST: '' }).smtp).toBeNull()
  })
  it('reads host, port, TLS and login', () => {
    expect(emailSettings({ SMTP_HOST: 'mail.test', SMTP_SECURE: 'true' }).smtp).toEqual({ host: 'mail.test', port: 465, secure: true })
    expect(emailSettings({ SMTP_HOST: 'mail.test', SMTP_PORT: '2525', SMTP_USER: 'u', SMTP_PASS: 'p' }).smtp).toEqual({ host: 'mail.test', port: 2525, secure: false, auth: { user: 'u', pass: 'p' } })
    expect(() => emailSettings({ SMTP_HOST: 'mail.test', SMTP_PORT: 'many' })).toThrow()
  })
  it('reads EMAIL_FROM as "Name <address>" or an address', () => {
    expect(parseFrom('Blockforge <hi@example.net>')).toEqual({ fromName: 'Blockforge', fromAddress: 'hi@example.net' })
    expect(parseFrom('hi@example.net')).toEqual({ fromName: 'Blockforge', fromAddress: 'hi@example.net' })
  })
})

describe('account mail', () => {
  it('links to the site and escapes what it interpolates', () => {
    const mail = verificationEmail('https://site.test', '<b>x</b>', 'tok')
    expect(mail.text).toContain('https://site.test/auth/verify-email?token=tok')
    expect(mail.html).toContain('href="https://site.test/auth/verify-email?token=tok"')
    expect(mail.html).not.toContain('<b>x</b>')
    expect(resetPasswordEmail('https://site.test', 'a', 't"k').html).toContain('token=t%22k')
  })
})
