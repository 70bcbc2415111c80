import { describe, expect, it } from 'vitest'

import { notificationEmail } from '../../src/lib/email/notificationEmail'
import { readUnsubscribeToken, unsubscribeToken, unsubscribeUrls } from '../../src/lib/email/unsubscribe'
import { resolvedPreferences, wantsEmail } from '../../src/lib/notifications/kinds'

describe('unsubscribe tokens', () => {
  it('name their user and kind, and only under the secret that signed them', () => {
    const token = unsubscribeToken('s3cret', 'AbC123xy', 'payout')
    expect(readUnsubscribeToken('s3cret', token)).toEqual({ userId: 'AbC123xy', kind: 'payout' })
    expect(readUnsubscribeToken('other', token)).toBeNull()
    expect(readUnsubscribeToken('s3cret', token.replace('payout', 'team_invite'))).toBeNull()
    expect(readUnsubscribeToken('s3cret', token.replace('AbC123xy', 'AbC123xz'))).toBeNull()
    for (const bad of [undefined, 42, '', 'a.b', `AbC123xy.nope.${token.split('.')[2]}`, `${token}x`]) expect(readUnsubscribeToken('s3cret', bad)).toBeNull()
  })
})

describe('notification email', () => {
  const mail = notificationEmail({
    siteUrl: 'https://site.test',
    username: 'alex',
    kind: 'status_change',
    title: '**<b>Sodium</b>** has been rejected',
    text: 'Fix & resubmit.',
    link: '/mod/sodium',
    unsubscribe: unsubscribeUrls('https://site.test', 'U.status_change.sig'),
  })

  it('has the title as subject, the link, and the unsubscribe link and headers', () => {
    expect(mail.subject).toBe('<b>Sodium</b> has been rejected')
    expect(mail.text).toContain('Open the project: https://site.test/mod/sodium')
    expect(mail.text).toContain('Unsubscribe: https://site.test/unsubscribe?token=U.status_change.sig')
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://site.test/unsubscribe/one-click?token=U.status_change.sig>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
  })

  it('escapes what it interpolates into the HTML', () => {
    expect(mail.html).not.toContain('<b>Sodium')
    expect(mail.html).toContain('&#60;b&#62;Sodium')
    expect(mail.html).toContain('Fix &#38; resubmit.')
    expect(mail.html).toContain('<a href="https://site.test/mod/sodium">')
  })
})

describe('preferences', () => {
  it('default on for what people expect by mail, off for followed projects’ versions', () => {
    expect(resolvedPreferences(null)).toEqual({ team_invite: true, status_change: true, report_answered: true, subscription_payment_failed: true, payout: true, project_update: false })
    expect(wantsEmail({ payout: false }, 'payout')).toBe(false)
    expect(wantsEmail({ payout: null }, 'payout')).toBe(true)
  })
})
