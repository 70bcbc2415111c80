/** The current-password check asked before an email change, a password change and an account deletion. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Payload } from 'payload'

import { checkCurrentPassword, isCurrentPassword } from '../../src/lib/auth/passwordCheck'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
beforeAll(async () => {
  payload = await bootPayload()
})

describe('isCurrentPassword', () => {
  it('accepts the password and nothing else, and signs no one in', async () => {
    const user = await makeUser(payload)
    const sessions = async () => ((await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true, depth: 0 })).sessions ?? []).length
    const before = await sessions()
    expect(await isCurrentPassword(payload, user.id, 'test-password-1')).toBe(true)
    expect(await isCurrentPassword(payload, user.id, 'test-password-2')).toBe(false)
    expect(await isCurrentPassword(payload, user.id, '')).toBe(false)
    expect(await isCurrentPassword(payload, 'no-such-user', 'test-password-1')).toBe(false)
    expect(await sessions()).toBe(before)
  })

  it('follows a password change', async () => {
    const user = await makeUser(payload)
    await payload.update({ collection: 'users', id: user.id, data: { password: 'changed-password-9' }, overrideAccess: true })
    expect(await isCurrentPassword(payload, user.id, 'test-password-1')).toBe(false)
    expect(await isCurrentPassword(payload, user.id, 'changed-password-9')).toBe(true)
  })
})

describe('checkCurrentPassword (account settings)', () => {
  it('allows ten wrong passwords per account in ten minutes; then even the right one waits', async () => {
    const user = await makeUser(payload)
    for (let i = 0; i < 10; i++) expect(await checkCurrentPassword(payload, user.id, `wrong-${i}`)).toEqual({ ok: false })
    const refused = await checkCurrentPassword(payload, user.id, 'test-password-1')
    expect(refused.ok).toBe(false)
    expect((refused as { retryAfterMinutes?: number }).retryAfterMinutes).toBeGreaterThanOrEqual(1)
  })

  it('a right password clears the count', async () => {
    const user = await makeUser(payload)
    for (let i = 0; i < 9; i++) await checkCurrentPassword(payload, user.id, `wrong-${i}`)
    expect(await checkCurrentPassword(payload, user.id, 'test-password-1')).toEqual({ ok: true })
    for (let i = 0; i < 9; i++) expect(await checkCurrentPassword(payload, user.id, `wrong-again-${i}`)).toEqual({ ok: false })
    expect(await checkCurrentPassword(payload, user.id, 'test-password-1')).toEqual({ ok: true })
  })
})
