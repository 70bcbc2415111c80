import type { Where } from 'payload'

import { membershipsOf, projectPermissionsOn } from '../../access/core/memberships'
import { ProjectPermissions as P, hasBits } from '../../access/core/permissions'
import { relationId } from '../ids'
import { projectPath } from '../search/displayType'
import type { Notification, Project } from '../../payload-types'
import { imagesByIds } from './images'
import { imageUrl } from './profile-pages'
import { as, type Viewer } from './viewer'

/*
 * The dashboard's reads, as the signed-in viewer (access enforced): their projects — through their
 * own teams and their organizations' —, pending invitations and notifications.
 */

export type DashboardProject = {
  id: string
  title: string
  slug: string
  projectType: string
  status: string
  downloads: number
  followers: number
  iconUrl: string | null
  path: string
  organization: { id: string; name: string } | null
  updated: string | null
  /** EDIT_DETAILS: may change its links (and the rest of its details). */
  canEditDetails: boolean
  /** When it was submitted for review (its place in the queue). */
  queued: string | null
}

/** Every project the viewer is on the team of, directly or through an organization; newest first. */
export async function dashboardProjects(viewer: Viewer): Promise<DashboardProject[]> {
  if (!viewer.user) return []
  const { byTeam, byOrganization } = await membershipsOf(viewer.req)
  const teams = [...byTeam.keys()]
  const orgs = [...byOrganization.keys()]
  if (teams.length === 0) return []
  const or: Where[] = [{ team: { in: teams } }]
  if (orgs.length) or.push({ organization: { in: orgs } })
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { or }, sort: '-updatedAt', pagination: false, depth: 0, joins: false, ...as(viewer) })
  return toDashboardProjects(viewer, docs)
}

async function toDashboardProjects(viewer: Viewer, projects: Project[]): Promise<DashboardProject[]> {
  const icons = await imagesByIds(viewer, projects.map((p) => relationId(p.icon)).filter((id): id is string => !!id))
  const orgIds = [...new Set(projects.map((p) => relationId(p.organization)).filter((id): id is string => !!id))]
  const orgs = orgIds.length
    ? (await viewer.payload.find({ collection: 'organizations', where: { id: { in: orgIds } }, pagination: false, depth: 0, joins: false, select: { name: true }, ...as(viewer) })).docs
    : []
  const orgName = new Map(orgs.map((o) => [o.id, o.name]))
  const bits = await Promise.all(projects.map((p) => projectPermissionsOn(viewer.req, p)))
  return projects.map((p, i) => {
    const org = relationId(p.organization)
    return {
      id: p.id,
      title: p.title,
      slug: p.slug ?? p.id,
      projectType: p.projectType,
      status: p.status ?? 'draft',
      downloads: Number(p.downloads ?? 0),
      followers: Number(p.followers ?? 0),
      iconUrl: imageUrl(icons.get(relationId(p.icon) ?? '')),
      path: projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id),
      organization: org ? { id: org, name: orgName.get(org) ?? org } : null,
      updated: p.updated ?? p.updatedAt ?? null,
      canEditDetails: hasBits(bits[i] ?? 0, P.EDIT_DETAILS),
      queued: p.queued ?? null,
    }
  })
}

export type PendingInvitation = { memberId: string; kind: 'project' | 'organization'; name: string; path: string }

/** Teams that invited the viewer and await their answer: each names its project or organization. */
export async function pendingInvitations(viewer: Viewer): Promise<PendingInvitation[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({
    collection: 'team-members',
    where: { and: [{ user: { equals: viewer.user.id } }, { accepted: { equals: false } }] },
    pagination: false,
    depth: 0,
    ...as(viewer),
  })
  const teams = [...new Set(docs.map((m) => relationId(m.team)).filter((t): t is string => !!t))]
  if (teams.length === 0) return []
  // Invitees may read what invited them even while it is hidden: read as the system, show only names.
  const [projects, orgs] = await Promise.all([
    viewer.payload.find({ collection: 'projects', where: { team: { in: teams } }, pagination: false, depth: 0, joins: false, overrideAccess: true, select: { title: true, slug: true, projectType: true, loaders: true, team: true } }),
    viewer.payload.find({ collection: 'organizations', where: { team: { in: teams } }, pagination: false, depth: 0, joins: false, overrideAccess: true, select: { name: true, slug: true, team: true } }),
  ])
  const byTeam = new Map<string, Omit<PendingInvitation, 'memberId'>>()
  for (const p of projects.docs) byTeam.set(relationId(p.team)!, { kind: 'project', name: p.title, path: projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id) })
  for (const o of orgs.docs) byTeam.set(relationId(o.team)!, { kind: 'organization', name: o.name, path: `/organization/${encodeURIComponent(o.slug ?? o.id)}` })
  return docs.flatMap((m) => {
    const target = byTeam.get(relationId(m.team) ?? '')
    return target ? [{ memberId: m.id, ...target }] : []
  })
}

export type NotificationPage = { docs: Notification[]; totalDocs: number; page: number; totalPages: number; unread: number }

/** The viewer's notifications, newest first: unread ones (the inbox) or all (the history). */
export async function notificationsOf(viewer: Viewer, opts: { history?: boolean; page?: number; limit?: number } = {}): Promise<NotificationPage> {
  const empty = { docs: [], totalDocs: 0, page: 1, totalPages: 1, unread: 0 }
  if (!viewer.user) return empty
  const mine = { user: { equals: viewer.user.id } }
  const [list, unread] = await Promise.all([
    viewer.payload.find({
      collection: 'notifications',
      where: opts.history ? mine : { and: [mine, { read: { equals: false } }] },
      sort: '-createdAt',
      page: Math.max(1, opts.page ?? 1),
      limit: opts.limit ?? 20,
      depth: 0,
      ...as(viewer),
    }),
    unreadNotificationCount(viewer),
  ])
  return { docs: list.docs, totalDocs: list.totalDocs, page: list.page ?? 1, totalPages: list.totalPages, unread }
}

/** What the overview asks the creator to look at: rejected or withheld projects, those under review. */
export function needingAttention(projects: DashboardProject[]): { rejected: DashboardProject[]; inReview: DashboardProject[]; drafts: DashboardProject[] } {
  return {
    rejected: projects.filter((p) => p.status === 'rejected' || p.status === 'withheld'),
    inReview: projects.filter((p) => p.status === 'processing'),
    drafts: projects.filter((p) => p.status === 'draft'),
  }
}

export type OwnReport = { id: string; type: string; itemType: string; itemId: string; itemPath: string | null; body: string; closed: boolean; created: string }

/** The reports the viewer filed, newest first (the collection lets a reporter read their own). */
export async function reportsBy(viewer: Viewer): Promise<OwnReport[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({ collection: 'reports', where: { reporter: { equals: viewer.user.id } }, sort: '-createdAt', limit: 100, depth: 0, ...as(viewer) })
  return docs.map((r) => ({
    id: r.id,
    type: relationId(r.reportType) ?? '',
    itemType: r.itemType,
    itemId: r.itemId,
    // A project or a user has a page by id; a version's page needs its project, which the report does not name.
    itemPath: r.itemType === 'project' ? `/project/${encodeURIComponent(r.itemId)}` : r.itemType === 'user' ? `/user/${encodeURIComponent(r.itemId)}` : null,
    body: r.body,
    closed: !!r.closed,
    created: r.createdAt,
  }))
}

/** How many of the viewer's notifications are unread (0 when signed out): a count query, no documents. */
export async function unreadNotificationCount(viewer: Viewer): Promise<number> {
  if (!viewer.user) return 0
  const where: Where = { and: [{ user: { equals: viewer.user.id } }, { read: { equals: false } }] }
  const { totalDocs } = await viewer.payload.count({ collection: 'notifications', where, ...as(viewer) })
  return totalDocs
}
