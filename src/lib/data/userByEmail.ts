import { actorOf, isStaff } from '../../access/core/roles'
import { isLookupKey, type Viewer } from './viewer'

export type UserByEmail = { id: string; username: string; joined: string }
export type UserByEmailResult = { status: 'refused' } | { status: 'none' } | { status: 'found'; user: UserByEmail }

const EMAIL_MAX = 320

/**
 * `/admin/user_email` (spec §2 admin routes, issue 15): staff find the account behind an address a
 * user writes from. Refused for everyone else — that check is the gate for the read below, which
 * looks past the email's own read rule (an address is otherwise readable by its owner and admins
 * only). The address itself is not returned: the staff member typed it.
 */
export async function findUserByEmail(viewer: Viewer, email: string): Promise<UserByEmailResult> {
  if (!isStaff(actorOf(viewer.req))) return { status: 'refused' }
  const raw = email.trim()
  if (!isLookupKey(raw) || raw.length > EMAIL_MAX) return { status: 'none' }
  // Payload stores addresses lower-cased; the typed form is tried too for rows older than that rule.
  const { docs } = await viewer.payload.find({
    collection: 'users',
    where: { or: [{ email: { equals: raw } }, { email: { equals: raw.toLowerCase() } }] },
    limit: 1,
    depth: 0,
    select: { username: true, createdAt: true },
    overrideAccess: true,
    req: viewer.req,
  })
  const user = docs[0]
  return user ? { status: 'found', user: { id: user.id, username: user.username, joined: user.createdAt } } : { status: 'none' }
}
