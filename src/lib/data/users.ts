import type { Where } from 'payload'

import { relationId } from '../ids'
import type { Image, User } from '../../payload-types'
import { imagesByIds } from './images'
import { as, isLookupKey, type Viewer } from './viewer'

/** Usernames are stored lower-case; ids are exact. */
const idOrUsernameWhere = (keys: string[]): Where => ({
  or: [{ id: { in: keys } }, { username: { in: [...new Set(keys.map((k) => k.toLowerCase()))] } }],
})

/** One user by id or username (case-insensitive). Private fields only come back for the user themself or an admin. */
export async function getUserByIdOrUsername(viewer: Viewer, idOrUsername: string): Promise<User | null> {
  const key = idOrUsername.trim()
  if (!isLookupKey(key)) return null
  const { docs } = await viewer.payload.find({ collection: 'users', where: idOrUsernameWhere([key]), limit: 2, pagination: false, depth: 0, ...as(viewer) })
  return docs.find((d) => d.id === key) ?? docs[0] ?? null
}

/** Several users by id or username, in the order asked; unknown ones are left out. */
export async function getUsersByIdsOrUsernames(viewer: Viewer, keys: string[]): Promise<User[]> {
  const wanted = [...new Set(keys.map((k) => k.trim()))]
  const found = await findUsersByKeys(viewer, wanted)
  const seen = new Set<string>()
  const out: User[] = []
  for (const key of wanted) {
    const user = found.get(key)
    if (user && !seen.has(user.id)) {
      seen.add(user.id)
      out.push(user)
    }
  }
  return out
}

/**
 * Users by id or username in one query, by the key that found each (two keys may find one user);
 * unknown ones are left out. A key finds what `getUserByIdOrUsername` would: an exact id wins.
 */
export async function findUsersByKeys(viewer: Viewer, keys: string[]): Promise<Map<string, User>> {
  const wanted = [...new Set(keys)].filter(isLookupKey)
  const out = new Map<string, User>()
  if (wanted.length === 0) return out
  const { docs } = await viewer.payload.find({ collection: 'users', where: idOrUsernameWhere(wanted), pagination: false, depth: 0, ...as(viewer) })
  const byId = new Map(docs.map((d) => [d.id, d]))
  const byName = new Map(docs.map((d) => [d.username, d]))
  for (const key of wanted) {
    const user = byId.get(key) ?? byName.get(key.toLowerCase())
    if (user) out.set(key, user)
  }
  return out
}

/** Avatars of users, by user id. */
export async function avatarsOf(viewer: Viewer, users: User[]): Promise<Map<string, Image>> {
  const images = await imagesByIds(viewer, users.map((u) => relationId(u.avatar)).filter((id): id is string => !!id))
  const out = new Map<string, Image>()
  for (const u of users) {
    const image = images.get(relationId(u.avatar) ?? '')
    if (image) out.set(u.id, image)
  }
  return out
}
