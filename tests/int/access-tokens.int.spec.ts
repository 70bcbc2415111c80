/** Personal access tokens: shown once, stored hashed, accepted in the Authorization header with or without Bearer. */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { Scopes } from '../../src/access/core/scopes'
import { hashToken } from '../../src/lib/tokens'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
beforeAll(async () => {
  payload = await bootPayload()
})

describe('personal access tokens', () => {
  it('returns the token once and keeps only its hash', async () => {
    const user = await makeUser(payload)
    const created = (await payload.create({ collection: 'access-tokens', data: { name: 'Launcher', scopes: String(Scopes.PROJECT_READ), expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, user, overrideAccess: false })) as { id: string; token?: string }
    expect(created.token).toMatch(/^mrp_[0-9A-Za-z]{60}$/)
    const reread = await payload.findByID({ collection: 'access-tokens', id: created.id, user, overrideAccess: false })
    expect(reread).not.toHaveProperty('token')
    expect(reread).not.toHaveProperty('tokenHash')
    const stored = await payload.find({ collection: 'access-tokens', where: { tokenHash: { equals: hashToken(created.token!) } }, overrideAccess: true })
    expect(stored.docs).toHaveLength(1)
  })

  it('authenticates with or without Bearer, and not once expired', async () => {
    const user = await makeUser(payload)
    const make = async (ms: number) =>
      ((await payload.create({ collection: 'access-tokens', data: { name: 'CI token', scopes: '0', expiresAt: new Date(Date.now() + ms).toISOString() }, user, overrideAccess: false })) as { token?: string }).token!
    const live = await make(3_600_000)
    for (const header of [live, `Bearer ${live}`]) {
      const { user: who } = await payload.auth({ headers: new Headers({ authorization: header }) })
      expect(who?.id).toBe(user.id)
    }
    const expired = await make(-1000)
    expect((await payload.auth({ headers: new Headers({ authorization: expired }) })).user).toBeNull()
    expect((await payload.auth({ headers: new Headers({ authorization: 'mrp_not-a-real-token' }) })).user).toBeNull()
  })

  it('refuses session-only scopes', async () => {
    const user = await makeUser(payload)
    await expect(
      payload.create({ collection: 'access-tokens', data: { name: 'Too much', scopes: String(Scopes.PAT_CREATE), expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, user, overrideAccess: false }),
    ).rejects.toThrow(/only be used by a session/)
  })
})
