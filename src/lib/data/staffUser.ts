import { actorOf, isAdmin, isStaff } from '../../access/core/roles'
import type { Report, User } from '../../payload-types'
import { projectPath } from '../search/displayType'
import { getUserProjects } from './projects'
import type { Viewer } from './viewer'

export type StaffUserDetails = {
  /** Admins only (the email's own read rule); null for moderators. */
  email: string | null
  emailVerified: boolean | null
  role: string
  joined: string
  sessions: { platform: string; os: string; created: string; lastAccessed: string | null }[]
  providers: string[]
  projects: { id: string; title: string; status: string; path: string }[]
  reportsBy: { id: string; itemType: string; closed: boolean; created: string }[]
  reportsAbout: { id: string; itemType: string; closed: boolean; created: string }[]
}

const sys = { overrideAccess: true, depth: 0, pagination: false } as const
const brief = (r: Report) => ({ id: r.id, itemType: r.itemType, closed: !!r.closed, created: r.createdAt })

/**
 * "View user details" on a profile (spec §2, staff): sign-up, sessions, linked providers, projects in
 * every status, reports by and about them. Null unless the viewer is staff — that check is the gate
 * for the reads below, which look past the per-user rules (a user's sessions are otherwise only theirs).
 */
export async function staffUserDetails(viewer: Viewer, user: User): Promise<StaffUserDetails | null> {
  const actor = actorOf(viewer.req)
  if (!isStaff(actor)) return null
  const { payload } = viewer
  const projects = await getUserProjects(viewer, user.id)
  const projectIds = projects.map((p) => p.id)
  const [sessions, identities, by, about] = await Promise.all([
    payload.find({ ...sys, collection: 'session-details', where: { user: { equals: user.id } }, sort: '-createdAt' }),
    payload.find({ ...sys, collection: 'auth-identities', where: { user: { equals: user.id } } }),
    payload.find({ ...sys, collection: 'reports', where: { reporter: { equals: user.id } }, sort: '-createdAt', pagination: true, limit: 50 }),
    payload.find({
      ...sys,
      collection: 'reports',
      where: { or: [{ and: [{ itemType: { equals: 'user' } }, { itemId: { equals: user.id } }] }, ...(projectIds.length ? [{ and: [{ itemType: { equals: 'project' } }, { itemId: { in: projectIds } }] }] : [])] },
      sort: '-createdAt',
      pagination: true,
      limit: 50,
    }),
  ])
  const full = isAdmin(actor) ? await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: true }) : null
  return {
    email: full?.email ?? null,
    emailVerified: full ? !!full.emailVerified : null,
    role: user.role ?? 'developer',
    joined: user.createdAt,
    sessions: sessions.docs.map((s) => ({ platform: s.platform ?? '', os: s.os ?? '', created: s.createdAt, lastAccessed: s.lastAccessed ?? null })),
    providers: [...new Set(identities.docs.map((i) => i.provider))],
    projects: projects.map((p) => ({ id: p.id, title: p.title, status: p.status ?? 'draft', path: projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id) })),
    reportsBy: by.docs.map(brief),
    reportsAbout: about.docs.map(brief),
  }
}
