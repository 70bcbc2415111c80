import type { PayloadRequest } from 'payload'

export type Role = 'developer' | 'moderator' | 'admin'
export const ROLES: readonly Role[] = ['developer', 'moderator', 'admin']

/** The slice of a signed-in user that role rules look at. */
export type Actor = { id: string; role?: Role | null; newsEditor?: boolean | null }

export const actorOf = (req: Pick<PayloadRequest, 'user'>): Actor | null => {
  const user = req.user as Actor | null | undefined
  return user && user.id ? user : null
}

export const checkRole = (user: Actor | null | undefined, roles: readonly Role[]): boolean =>
  !!user && !!user.role && roles.includes(user.role)

export const isAdmin = (user: Actor | null | undefined) => checkRole(user, ['admin'])
/** Staff = moderator or admin. */
export const isStaff = (user: Actor | null | undefined) => checkRole(user, ['moderator', 'admin'])
/** News and changelog are written by admins and by users given the news-editor capability. */
export const isNewsEditor = (user: Actor | null | undefined) => isAdmin(user) || !!user?.newsEditor

/** Staff manage any user's billing (spec §6) and revenue (see a ledger, hold or release a balance). */
export const canManageBilling = (actor: Actor | null | undefined): boolean => isStaff(actor)
export const canManageRevenue = (actor: Actor | null | undefined): boolean => isStaff(actor)
