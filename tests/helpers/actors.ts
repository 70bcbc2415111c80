import type { Payload } from 'payload'

import type { User } from '../../src/payload-types'

export type Acting = (User & { collection: 'users' }) | null

let counter = 0
/** A user with the given role, ready to pass as `user` to the Local API. */
export async function makeUser(payload: Payload, role: User['role'] = 'developer', extra: Partial<User> = {}): Promise<User & { collection: 'users' }> {
  counter += 1
  const name = `${role}-${counter}-${Math.random().toString(36).slice(2, 7)}`
  const user = await payload.create({
    collection: 'users',
    data: { username: name, email: `${name}@example.test`, password: 'test-password-1', role, ...extra },
    overrideAccess: true,
  })
  return { ...user, collection: 'users' }
}
