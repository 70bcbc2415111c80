import { APIError, ValidationError } from 'payload'

import { actorOf, isStaff } from '../../access/core/roles'
import { getProjectByIdOrSlug } from '../data/projects'
import { getUserByIdOrUsername } from '../data/users'
import { getVersion } from '../data/versions'
import { as, type Viewer } from '../data/viewer'
import type { Report } from '../../payload-types'
import { itemKeyFrom, REPORT_WINDOW_MINUTES, REPORTS_PER_WINDOW, type ReportInput, type ReportItemType } from './rules'

export type ReportResult = { ok: true; report: Report } | { ok: false; reason: 'signIn' | 'tooMany' | 'notFound' | 'refused'; message?: string }

/** 'Could not find {item}' (spec §8): the item named as the reporter typed it. */
export const couldNotFind = (type: ReportItemType, key: string) => `Could not find ${type} ${key}`

/** The id of the item a report is about, as the reporter may see it (a hidden one is not found). */
async function resolveItem(viewer: Viewer, type: ReportItemType, key: string): Promise<string | null> {
  if (type === 'project') return (await getProjectByIdOrSlug(viewer, key))?.id ?? null
  if (type === 'user') return (await getUserByIdOrUsername(viewer, key))?.id ?? null
  return (await getVersion(viewer, key))?.id ?? null
}

/**
 * Files a report as the signed-in viewer: on an item they can see (by id, slug, username or page
 * address), with a reason of the site's report types and a body; at most REPORTS_PER_WINDOW per
 * REPORT_WINDOW_MINUTES, so nobody floods the moderators. The report opens its thread (collection hook).
 */
export async function fileReport(viewer: Viewer, input: ReportInput): Promise<ReportResult> {
  if (!viewer.user) return { ok: false, reason: 'signIn' }
  const since = new Date(Date.now() - REPORT_WINDOW_MINUTES * 60_000).toISOString()
  const recent = await viewer.payload.count({ collection: 'reports', where: { and: [{ reporter: { equals: viewer.user.id } }, { createdAt: { greater_than: since } }] }, overrideAccess: true })
  if (recent.totalDocs >= REPORTS_PER_WINDOW && !isStaff(actorOf(viewer.req))) return { ok: false, reason: 'tooMany' }
  const key = itemKeyFrom(input.itemType, input.item)
  const itemId = await resolveItem(viewer, input.itemType, key)
  if (!itemId) return { ok: false, reason: 'notFound', message: couldNotFind(input.itemType, key) }
  try {
    const report = await viewer.payload.create({ collection: 'reports', data: { itemType: input.itemType, itemId, reportType: input.reportType, body: input.body }, depth: 0, ...as(viewer) })
    return { ok: true, report }
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, reason: 'refused', message: error.data?.errors?.[0]?.message ?? error.message }
    if (error instanceof APIError && error.isPublic) return { ok: false, reason: 'refused', message: error.message }
    throw error
  }
}

/**
 * Closes or reopens a report (staff only: others get notFound, as if it did not exist), leaving the
 * closure or reopening in its thread.
 */
export async function setReportClosed(viewer: Viewer, id: string, closed: boolean): Promise<{ ok: true } | { ok: false; reason: 'notFound' }> {
  if (!isStaff(actorOf(viewer.req))) return { ok: false, reason: 'notFound' }
  const { docs } = await viewer.payload.find({ collection: 'reports', where: { id: { equals: id } }, limit: 1, depth: 0, ...as(viewer) })
  const report = docs[0]
  if (!report) return { ok: false, reason: 'notFound' }
  if (!!report.closed === closed) return { ok: true }
  await viewer.payload.update({ collection: 'reports', id, data: { closed }, depth: 0, ...as(viewer) })
  const thread = typeof report.thread === 'string' ? report.thread : report.thread?.id
  if (thread) await viewer.payload.create({ collection: 'thread-messages', data: { thread, type: closed ? 'thread_closure' : 'thread_reopen' }, depth: 0, ...as(viewer) })
  return { ok: true }
}
