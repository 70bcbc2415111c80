import type { Where } from 'payload'

import { actorOf, isNewsEditor, isStaff } from '../../access/core/roles'
import { projectNags, type NagLevel } from '../checklist/nags'
import type { ChangelogEntry, News, Project } from '../../payload-types'
import { checklistInput } from './checklist'
import { dashboardProjects } from './dashboard'
import { countFlaggedFiles } from './technicalReview'
import { as, type Viewer } from './viewer'

/*
 * The admin dashboard's work per role (issue 18 item 2), read as the signed-in viewer (access
 * enforced): the review queue, open reports and flagged files for staff, drafts and scheduled publications for news
 * editors, a creator's own projects with their publishing checklist. Each is null for a viewer whose
 * role it is not.
 */

export type StaffWork = {
  queue: { size: number; oldest: { id: string; title: string; queued: string } | null }
  openReports: number
  /** Files the technical-review scanner flagged and no moderator has judged yet (src/lib/data/technicalReview.ts). */
  flaggedFiles: number | null
}

/** The review queue's size and its oldest item (earliest `queued`), and the reports still open. */
export async function staffWork(viewer: Viewer): Promise<StaffWork | null> {
  if (!isStaff(actorOf(viewer.req))) return null
  const processing: Where = { status: { equals: 'processing' } }
  const [oldest, reports, flaggedFiles] = await Promise.all([
    viewer.payload.find({ collection: 'projects', where: processing, sort: 'queued', limit: 1, depth: 0, joins: false, select: { title: true, queued: true, published: true, createdAt: true }, ...as(viewer) }),
    viewer.payload.count({ collection: 'reports', where: { closed: { not_equals: true } }, ...as(viewer) }),
    countFlaggedFiles(viewer),
  ])
  const first = oldest.docs[0] as Pick<Project, 'id' | 'title' | 'queued' | 'published' | 'createdAt'> | undefined
  return {
    queue: { size: oldest.totalDocs, oldest: first ? { id: first.id, title: first.title, queued: first.queued ?? first.published ?? first.createdAt } : null },
    openReports: reports.totalDocs,
    flaggedFiles,
  }
}

export const EDITORIAL_COLLECTIONS = ['news', 'changelog-entries'] as const
export type EditorialCollection = (typeof EDITORIAL_COLLECTIONS)[number]
export type EditorialItem = { collection: EditorialCollection; id: string; title: string; updated: string }
export type ScheduledItem = { collection: EditorialCollection; id: string; title: string; at: string; action: 'publish' | 'unpublish' }
export type EditorialWork = { drafts: EditorialItem[]; scheduled: ScheduledItem[] }

const LIST_LIMIT = 20
const titleOf = (collection: EditorialCollection, doc: Partial<News & ChangelogEntry>): string =>
  collection === 'news' ? (doc.title ?? doc.id ?? '') : [doc.product, doc.version || doc.date?.slice(0, 10)].filter(Boolean).join(' ')

/** A `schedulePublish` job's input, as Payload's admin queues it (its "Schedule publish" drawer). */
type ScheduleInput = { type?: 'publish' | 'unpublish'; doc?: { relationTo?: string; value?: string } }

/**
 * Unpublished work in the editorial collections — never-published articles and entries, and
 * published ones with newer draft changes (Payload's latest versions) — newest edit first, and the
 * publications scheduled and not yet done, soonest first.
 */
export async function editorialWork(viewer: Viewer): Promise<EditorialWork | null> {
  if (!isNewsEditor(actorOf(viewer.req))) return null
  const draftsOf = async (collection: EditorialCollection): Promise<EditorialItem[]> => {
    const { docs } = await viewer.payload.find({ collection, draft: true, where: { _status: { equals: 'draft' } }, sort: '-updatedAt', limit: LIST_LIMIT, depth: 0, ...as(viewer) })
    return docs.map((d) => ({ collection, id: d.id, title: titleOf(collection, d), updated: d.updatedAt }))
  }
  const [news, changelog, jobs] = await Promise.all([
    draftsOf('news'),
    draftsOf('changelog-entries'),
    viewer.payload.find({
      collection: 'payload-jobs',
      where: { and: [{ taskSlug: { equals: 'schedulePublish' } }, { completedAt: { exists: false } }, { hasError: { not_equals: true } }] },
      sort: 'waitUntil',
      limit: LIST_LIMIT,
      depth: 0,
      ...as(viewer),
    }),
  ])
  const planned = jobs.docs.flatMap((job) => {
    const input = (job.input ?? {}) as ScheduleInput
    const collection = EDITORIAL_COLLECTIONS.find((c) => c === input.doc?.relationTo)
    const id = input.doc?.value
    return collection && id && job.waitUntil ? [{ collection, id, at: job.waitUntil, action: input.type === 'unpublish' ? ('unpublish' as const) : ('publish' as const) }] : []
  })
  const titles = new Map<string, string>()
  for (const collection of EDITORIAL_COLLECTIONS) {
    const ids = [...new Set(planned.filter((p) => p.collection === collection).map((p) => p.id))]
    if (!ids.length) continue
    const { docs } = await viewer.payload.find({ collection, draft: true, where: { id: { in: ids } }, pagination: false, depth: 0, ...as(viewer) })
    for (const d of docs) titles.set(`${collection}:${d.id}`, titleOf(collection, d))
  }
  return {
    drafts: [...news, ...changelog].sort((a, b) => b.updated.localeCompare(a.updated)).slice(0, LIST_LIMIT),
    // A scheduled item the editor may not read (deleted since) is left out.
    scheduled: planned.flatMap((p) => (titles.has(`${p.collection}:${p.id}`) ? [{ ...p, title: titles.get(`${p.collection}:${p.id}`)! }] : [])),
  }
}

export type ChecklistProgress = Record<NagLevel, number>
export type CreatorProject = { id: string; title: string; status: string; path: string; checklist: ChecklistProgress }

/**
 * The viewer's own projects (their teams' and organizations'), newest edit first, each with its
 * status and what the publishing checklist still asks for, by level.
 */
export async function creatorWork(viewer: Viewer): Promise<CreatorProject[]> {
  const mine = (await dashboardProjects(viewer)).slice(0, LIST_LIMIT)
  if (!mine.length) return []
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { id: { in: mine.map((p) => p.id) } }, pagination: false, depth: 0, joins: false, ...as(viewer) })
  const byId = new Map(docs.map((d) => [d.id, d]))
  return Promise.all(
    mine.map(async (p) => {
      const doc = byId.get(p.id)
      const nags = doc ? projectNags(await checklistInput(viewer.payload, doc, viewer.req)) : []
      const checklist: ChecklistProgress = { required: 0, warning: 0, suggestion: 0 }
      for (const n of nags) checklist[n.level]++
      return { id: p.id, title: p.title, status: p.status, path: p.path, checklist }
    }),
  )
}
