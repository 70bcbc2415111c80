/**
 * An account's sessions survive sign-ins, sign-outs and profile edits made at the same moment
 * (src/lib/db/sessionWrites.ts). Payload keeps them as an array on the user and rewrites the whole
 * array on every change, from a copy read before: two sign-ins at once each wrote the sessions they
 * had read plus their own, so one of the two new sessions vanished and its token stopped working.
 */
import { createLocalReq, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { endSessions, revokeSession } from '../../src/lib/auth/sessions'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload

const signIn = async (email: string) => (await payload.login({ collection: 'users', data: { email, password: 'test-password-1' } })).token!
const whoIs = async (token: string) => (await payload.auth({ headers: new Headers({ Authorization: `JWT ${token}` }) })).user?.id ?? null
const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid

beforeAll(async () => {
  payload = await bootPayload()
})

describe('concurrent session writes', () => {
  it('keeps every session of sign-ins made at the same moment', async () => {
    const user = await makeUser(payload)
    const tokens = await Promise.all(Array.from({ length: 8 }, () => signIn(user.email!)))
    expect(new Set(tokens.map(sidOf)).size).toBe(8)
    for (const token of tokens) expect(await whoIs(token)).toBe(user.id)
  })

  it('keeps a sign-in made while the profile is edited, and the edit too', async () => {
    const user = await makeUser(payload)
    const [token] = await Promise.all([
      signIn(user.email!),
      payload.update({ collection: 'users', id: user.id, data: { bio: 'Edited at the same moment.' }, overrideAccess: true }),
    ])
    expect(await whoIs(token)).toBe(user.id)
    expect((await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })).bio).toBe('Edited at the same moment.')
  })

  it('ends the session signed out of, and only it, while others sign in', async () => {
    const user = await makeUser(payload)
    const first = await signIn(user.email!)
    const kept = await signIn(user.email!)
    const [, ...more] = await Promise.all([revokeSession(payload, user.id, sidOf(first)), signIn(user.email!), signIn(user.email!)])
    expect(await whoIs(first)).toBeNull()
    for (const token of [kept, ...more]) expect(await whoIs(token)).toBe(user.id)
  })

  it('keeps a sign-in made between the read and the write of a change built on that read', async () => {
    const user = await makeUser(payload)
    const req = await createLocalReq({}, payload)
    await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true, showHiddenFields: true, req })
    const between = await signIn(user.email!)
    await payload.update({ collection: 'users', id: user.id, data: { bio: 'Written from an older read.' }, overrideAccess: true, req })
    expect(await whoIs(between)).toBe(user.id)
  })

  it('ending every session (a reset password) ends one begun after its read as well', async () => {
    const user = await makeUser(payload)
    const req = await createLocalReq({}, payload)
    const kept = await signIn(user.email!)
    await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true, showHiddenFields: true, req })
    const between = await signIn(user.email!)
    await endSessions(payload, user.id, [sidOf(kept)], { req })
    expect(await whoIs(between)).toBeNull()
    expect(await whoIs(kept)).toBe(user.id)
  })

  it('still ends every session when all are signed out', async () => {
    const user = await makeUser(payload)
    const tokens = await Promise.all([signIn(user.email!), signIn(user.email!)])
    await payload.update({ collection: 'users', id: user.id, data: { sessions: [] }, overrideAccess: true })
    for (const token of tokens) expect(await whoIs(token)).toBeNull()
  })
})
