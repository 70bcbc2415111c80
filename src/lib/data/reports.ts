import type { Where } from 'payload'

import { actorOf, isStaff } from '../../access/core/roles'
import { relationId } from '../ids'
import type { Report, User } from '../../payload-types'
import type { ReportQuery } from '../reports/queue'
import { projectPath } from '../search/displayType'
import { threadOf, type ThreadEntry } from './moderation'
import { as, type Viewer } from './viewer'

export type ReportSummary = { id: string; reason: string; itemType: string; item: { label: string; path: string | null }; reporter: string | null; body: string; closed: boolean; created: string }
export type ReportDetail = ReportSummary & { thread: { id: string; messages: ThreadEntry[] } | null }

/** What a report is about, as the viewer may see it: its name and page (a hidden item keeps its id and no link). */
async function itemsOf(viewer: Viewer, reports: Report[]): Promise<Map<string, { label: string; path: string | null }>> {
  const ids = (type: string) => [...new Set(reports.filter((r) => r.itemType === type).map((r) => r.itemId))]
  const find = async (collection: 'projects' | 'users' | 'versions', list: string[]): Promise<unknown[]> =>
    list.length ? (await viewer.payload.find({ collection, where: { id: { in: list } }, pagination: false, depth: 0, ...as(viewer) } as Parameters<typeof viewer.payload.find>[0])).docs : []
  const [projects, users, versions] = await Promise.all([find('projects', ids('project')), find('users', ids('user')), find('versions', ids('version'))])
  const versionProjects = await find('projects', [...new Set(versions.map((v) => relationId((v as { project?: unknown }).project)).filter((p): p is string => !!p))])
  const out = new Map<string, { label: string; path: string | null }>()
  const pathOf = (p: { projectType: string; loaders?: string[] | null; slug?: string | null; id: string }) => projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id)
  for (const p of projects as { id: string; title: string; projectType: string; loaders?: string[] | null; slug?: string | null }[]) out.set(`project:${p.id}`, { label: p.title, path: pathOf(p) })
  for (const u of users as User[]) out.set(`user:${u.id}`, { label: u.username, path: `/user/${encodeURIComponent(u.username)}` })
  const vp = new Map((versionProjects as { id: string; title: string; projectType: string; loaders?: string[] | null; slug?: string | null }[]).map((p) => [p.id, p]))
  for (const v of versions as { id: string; versionNumber: string; project?: unknown }[]) {
    const p = vp.get(relationId(v.project) ?? '')
    out.set(`version:${v.id}`, { label: p ? `${p.title} ${v.versionNumber}` : v.versionNumber, path: p ? `${pathOf(p)}/version/${encodeURIComponent(v.id)}` : null })
  }
  return out
}

async function summaries(viewer: Viewer, reports: Report[]): Promise<ReportSummary[]> {
  const items = await itemsOf(viewer, reports)
  const reporterIds = [...new Set(reports.map((r) => relationId(r.reporter)).filter((r): r is string => !!r))]
  const reporters = reporterIds.length ? (await viewer.payload.find({ collection: 'users', where: { id: { in: reporterIds } }, pagination: false, depth: 0, select: { username: true }, ...as(viewer) })).docs : []
  const names = new Map((reporters as User[]).map((u) => [u.id, u.username]))
  return reports.map((r) => ({
    id: r.id,
    reason: relationId(r.reportType) ?? '',
    itemType: r.itemType,
    item: items.get(`${r.itemType}:${r.itemId}`) ?? { label: r.itemId, path: null },
    reporter: names.get(relationId(r.reporter) ?? '') ?? null,
    body: r.body,
    closed: !!r.closed,
    created: r.createdAt,
  }))
}

/**
 * Reports for staff (`/moderation/reports`): open or closed, by item type and reason, oldest or
 * newest first, and a search over the report's words, the item's name and the reporter's; null
 * for everyone else.
 */
export async function staffReports(viewer: Viewer, query: Partial<ReportQuery> & Pick<ReportQuery, 'closed'>): Promise<ReportSummary[] | null> {
  if (!isStaff(actorOf(viewer.req))) return null
  const and: Where[] = [query.closed ? { closed: { equals: true } } : { closed: { not_equals: true } }]
  if (query.itemType) and.push({ itemType: { equals: query.itemType } })
  if (query.reason) and.push({ reportType: { equals: query.reason } })
  if (query.q) and.push({ or: await searchClauses(viewer, query.q) })
  const sort = query.sort === 'newest' ? '-createdAt' : 'createdAt'
  const { docs } = await viewer.payload.find({ collection: 'reports', where: { and }, sort, limit: 200, depth: 0, ...as(viewer) })
  return summaries(viewer, docs)
}

/** What a search matches: the report's text, the item's id, and the items and reporters whose names contain it. */
async function searchClauses(viewer: Viewer, q: string): Promise<Where[]> {
  const [projects, users] = await Promise.all([
    viewer.payload.find({ collection: 'projects', where: { or: [{ title: { like: q } }, { slug: { like: q } }] }, limit: 200, depth: 0, select: { title: true }, ...as(viewer) }),
    viewer.payload.find({ collection: 'users', where: { username: { like: q } }, limit: 200, depth: 0, select: { username: true }, ...as(viewer) }),
  ]).then((found) => found.map((f) => f.docs.map((d) => String(d.id))))
  const clauses: Where[] = [{ body: { like: q } }, { itemId: { equals: q } }]
  if (projects.length) clauses.push({ and: [{ itemType: { equals: 'project' } }, { itemId: { in: projects } }] })
  if (users.length) clauses.push({ and: [{ itemType: { equals: 'user' } }, { itemId: { in: users } }] }, { reporter: { in: users } })
  return clauses
}

/** One report with its thread, for its reporter and staff; null for anyone else. */
export async function reportDetail(viewer: Viewer, id: string): Promise<ReportDetail | null> {
  if (!viewer.user) return null
  const { docs } = await viewer.payload.find({ collection: 'reports', where: { id: { equals: id } }, limit: 1, depth: 0, ...as(viewer) })
  const report = docs[0]
  if (!report) return null
  const [summary] = await summaries(viewer, [report])
  return { ...summary!, thread: await threadOf(viewer, relationId(report.thread)) }
}

/** The report types, for the form. */
export async function reportTypes(viewer: Viewer): Promise<{ id: string; name: string }[]> {
  const { docs } = await viewer.payload.find({ collection: 'report-types', pagination: false, depth: 0, sort: 'id', ...as(viewer) })
  return docs.map((d) => ({ id: d.id, name: (d as { name?: string }).name ?? d.id }))
}
