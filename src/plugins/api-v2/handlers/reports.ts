import type { Where } from 'payload'
import { z } from 'zod'

import { actorOf, isStaff } from '../../../access/core/roles'
import { as, avatarsOf, getUsersByIdsOrUsernames, type Viewer } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import { fileReport, setReportClosed } from '../../../lib/reports/service'
import type { Report as ReportDoc, Thread as ThreadDoc, ThreadMessage } from '../../../payload-types'
import { invalidInput, itemNotFound, unauthorized } from '../http/errors'
import { defineRoute } from '../http/route'
import { boolParam, intParam, jsonArrayParam, key } from '../schemas/common'
import { NewMessage, NewReport, Report, ReportPatch, Thread } from '../schemas/report'
import { toLegacyUser } from '../serializers/user'

/*
 * Reports and threads (labrinth `routes/v2/reports.rs`, `threads.rs`) on the same domain functions as
 * the site's report form and moderation pages (src/lib/reports). What the caller may not read is 404.
 */
const TAG = 'threads'
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'Not found, or not yours to see (empty body)', empty: true } }
const MAX = 1000

const toV2Report = (r: ReportDoc) => ({
  id: r.id,
  report_type: relationId(r.reportType) ?? '',
  item_id: r.itemId,
  item_type: r.itemType,
  reporter: relationId(r.reporter),
  body: r.body,
  created: r.createdAt,
  closed: !!r.closed,
  thread_id: relationId(r.thread),
})

async function reportsById(viewer: Viewer, ids: string[]) {
  if (ids.length === 0) return []
  return (await viewer.payload.find({ collection: 'reports', where: { id: { in: ids } }, limit: MAX, depth: 0, ...as(viewer) })).docs
}

export const createReport = defineRoute({
  method: 'POST', path: '/report', operationId: 'submitReport', tag: TAG, summary: 'Report a project, version or user',
  description: 'The item by id (or slug, username or page address). A hidden or missing item is "Could not find {item}".',
  body: NewReport, scopes: ['REPORT_CREATE'], requiresAuth: true, response: Report,
  handler: async ({ viewer, body }) => {
    const r = await fileReport(viewer, { itemType: body.item_type, item: body.item_id, reportType: body.report_type, body: body.body })
    if (!r.ok) throw r.reason === 'tooMany' ? invalidInput('You have sent too many reports lately. Try again later.') : invalidInput(r.message ?? 'The report could not be filed.')
    return toV2Report(r.report)
  },
})

export const listReports = defineRoute({
  method: 'GET', path: '/report', operationId: 'getOpenReports', tag: TAG, summary: 'Your open reports (moderators: all open ones with all=true)',
  query: z.object({ count: intParam(1, 10_000).optional(), all: boolParam.optional() }), queryDocs: { count: 'At most this many (default 100)', all: 'Moderators: every open report' },
  scopes: ['REPORT_READ'], requiresAuth: true, response: z.array(Report),
  handler: async ({ viewer, query }) => {
    const everyone = query.all === true && isStaff(actorOf(viewer.req))
    const where: Where = everyone ? { closed: { not_equals: true } } : { and: [{ reporter: { equals: viewer.user!.id } }, { closed: { not_equals: true } }] }
    const { docs } = await viewer.payload.find({ collection: 'reports', where, sort: 'createdAt', limit: Math.min(query.count ?? 100, MAX), depth: 0, ...as(viewer) })
    return docs.map(toV2Report)
  },
})

export const getReports = defineRoute({
  method: 'GET', path: '/reports', operationId: 'getReports', tag: TAG, summary: 'Get several reports',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD"]', max: MAX }) }), queryDocs: { ids: 'Report ids, as a JSON array' },
  scopes: ['REPORT_READ'], requiresAuth: true, response: z.array(Report),
  handler: async ({ viewer, query }) => (await reportsById(viewer, query.ids)).map(toV2Report),
})

export const getReport = defineRoute({
  method: 'GET', path: '/report/{id}', operationId: 'getReport', tag: TAG, summary: 'Get a report', params: { id: 'The report id' },
  scopes: ['REPORT_READ'], requiresAuth: true, response: Report, responses: notFound,
  handler: async ({ viewer, params }) => {
    const [doc] = await reportsById(viewer, [params.id])
    if (!doc) throw itemNotFound()
    return toV2Report(doc)
  },
})

export const editReport = defineRoute({
  method: 'PATCH', path: '/report/{id}', operationId: 'modifyReport', tag: TAG, summary: 'Edit a report', description: 'Its reporter edits the body; moderators close or reopen it.',
  params: { id: 'The report id' }, body: ReportPatch, scopes: ['REPORT_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const [doc] = await reportsById(viewer, [params.id])
    if (!doc) throw itemNotFound()
    if (body.closed !== undefined) {
      if (!isStaff(actorOf(viewer.req))) throw unauthorized('You do not have permission to close or reopen reports!')
      await setReportClosed(viewer, doc.id, body.closed)
    }
    if (body.body !== undefined) await viewer.payload.update({ collection: 'reports', id: doc.id, data: { body: body.body }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const deleteReport = defineRoute({
  method: 'DELETE', path: '/report/{id}', operationId: 'deleteReport', tag: TAG, summary: 'Delete a report (admins)', params: { id: 'The report id' },
  scopes: ['REPORT_DELETE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    const [doc] = await reportsById(viewer, [params.id])
    if (!doc) throw itemNotFound()
    await viewer.payload.delete({ collection: 'reports', id: doc.id, ...as(viewer) })
    return noContent()
  },
})

async function threadsById(viewer: Viewer, ids: string[]) {
  if (ids.length === 0) return []
  const { docs } = await viewer.payload.find({ collection: 'threads', where: { id: { in: ids } }, limit: MAX, depth: 0, joins: false, ...as(viewer) })
  const threadIds = docs.map((t) => t.id)
  const { docs: messages } = threadIds.length ? await viewer.payload.find({ collection: 'thread-messages', where: { thread: { in: threadIds } }, sort: 'createdAt', pagination: false, depth: 0, ...as(viewer) }) : { docs: [] as ThreadMessage[] }
  // labrinth (`routes/v3/threads.rs`): `members` are the users of the thread's members and of its
  // messages' authors, as User objects.
  const peopleOf = (t: ThreadDoc) => [
    ...(t.members ?? []).map((u) => relationId(u)),
    ...(messages as ThreadMessage[]).filter((m) => relationId(m.thread) === t.id).map((m) => relationId(m.author)),
  ].filter((u): u is string => !!u)
  const people = await getUsersByIdsOrUsernames(viewer, [...new Set((docs as ThreadDoc[]).flatMap(peopleOf))])
  const avatars = await avatarsOf(viewer, people)
  const users = new Map(people.map((u) => [u.id, toLegacyUser(u, avatars.get(u.id) ?? null)]))
  return (docs as ThreadDoc[]).map((t) => ({
    id: t.id,
    type: t.type,
    project_id: relationId(t.project),
    report_id: relationId(t.report),
    messages: (messages as ThreadMessage[])
      .filter((m) => relationId(m.thread) === t.id)
      .map((m) => ({
        id: m.id,
        author_id: relationId(m.author),
        body:
          m.type === 'status_change'
            ? { type: 'status_change', old_status: m.oldStatus ?? '', new_status: m.newStatus ?? '' }
            : m.type === 'text'
              ? { type: 'text', body: m.text ?? '', private: !!m.private, replying_to: relationId(m.replyingTo) }
              : { type: m.type ?? 'deleted' },
        created: m.createdAt,
      })),
    members: [...new Set(peopleOf(t))].map((id) => users.get(id)).filter((u) => u !== undefined),
  }))
}

export const getThread = defineRoute({
  method: 'GET', path: '/thread/{id}', operationId: 'getThread', tag: TAG, summary: 'Get a thread', params: { id: 'The thread id' },
  scopes: ['THREAD_READ'], requiresAuth: true, response: Thread, responses: notFound,
  handler: async ({ viewer, params }) => {
    const [thread] = await threadsById(viewer, [params.id])
    if (!thread) throw itemNotFound()
    return thread
  },
})

export const getThreads = defineRoute({
  method: 'GET', path: '/threads', operationId: 'getThreads', tag: TAG, summary: 'Get several threads',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD"]', max: MAX }) }), queryDocs: { ids: 'Thread ids, as a JSON array' },
  scopes: ['THREAD_READ'], requiresAuth: true, response: z.array(Thread),
  handler: async ({ viewer, query }) => threadsById(viewer, query.ids),
})

export const sendMessage = defineRoute({
  method: 'POST', path: '/thread/{id}', operationId: 'sendThreadMessage', tag: TAG, summary: 'Send a message to a thread', params: { id: 'The thread id' },
  body: NewMessage, scopes: ['THREAD_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const [thread] = await threadsById(viewer, [params.id])
    if (!thread) throw itemNotFound()
    const staffNote = body.body.private === true
    if (staffNote && !isStaff(actorOf(viewer.req))) throw unauthorized('You are not allowed to send private messages!')
    await viewer.payload.create({ collection: 'thread-messages', data: { thread: thread.id, type: 'text', text: body.body.body, private: staffNote, replyingTo: body.body.replying_to ?? undefined }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const deleteMessage = defineRoute({
  method: 'DELETE', path: '/message/{id}', operationId: 'deleteThreadMessage', tag: TAG, summary: 'Delete a message (admins)', params: { id: 'The message id' },
  scopes: ['THREAD_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    const { docs } = await viewer.payload.find({ collection: 'thread-messages', where: { id: { equals: params.id } }, limit: 1, depth: 0, ...as(viewer) })
    if (!docs[0]) throw itemNotFound()
    await viewer.payload.delete({ collection: 'thread-messages', id: docs[0].id, ...as(viewer) })
    return noContent()
  },
})

export const reportRoutes = [createReport, listReports, getReports, getReport, editReport, deleteReport, getThread, getThreads, sendMessage, deleteMessage]
