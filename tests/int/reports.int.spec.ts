/**
 * Reports (issue 15 item 3): filed on something the reporter can see, by id, slug or address, every
 * field required, 'Could not find {item}' otherwise, no flooding; read by the reporter and staff only;
 * closed and reopened by staff only, each leaving its mark in the thread.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { reportDetail, staffReports } from '../../src/lib/data/reports'
import { viewerFor, type AuthUser, type Viewer } from '../../src/lib/data/viewer'
import { REPORTS_PER_WINDOW } from '../../src/lib/reports/rules'
import { fileReport, setReportClosed } from '../../src/lib/reports/service'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { ids, patFor, v2 } from '../helpers/v2'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let reason = ''
const viewerOf = (user: User | null): Promise<Viewer> => viewerFor(payload, user ? ({ ...user, collection: 'users' } as AuthUser) : null)

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  reason = (await payload.create({ collection: 'report-types', data: { id: `spam-${Date.now()}` } as never, overrideAccess: true })).id
})

describe('filing', () => {
  it('takes a project by its page address and opens a thread the reporter can read', async () => {
    const p = await w.makeProject('approved')
    const me = await makeUser(payload)
    const r = await fileReport(await viewerOf(me), { itemType: 'project', item: `https://site.example/mod/${p.slug}`, reportType: reason, body: 'Reuploaded from another site.' })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const stored = await payload.findByID({ collection: 'reports', id: r.report.id, depth: 0, overrideAccess: true })
    expect(stored).toMatchObject({ itemType: 'project', itemId: p.id, reporter: me.id })
    const detail = await reportDetail(await viewerOf(me), r.report.id)
    expect(detail?.item.label).toBe(p.title)
    expect(detail?.thread).not.toBeNull()
    expect(await reportDetail(await viewerOf(w.users.stranger), r.report.id)).toBeNull()
  })

  it('answers "Could not find …" for a missing or hidden item, and refuses a flood', async () => {
    const me = await viewerOf(await makeUser(payload))
    const hidden = await w.makeProject('draft')
    expect(await fileReport(me, { itemType: 'project', item: 'no-such-project-here', reportType: reason, body: 'x' })).toEqual({ ok: false, reason: 'notFound', message: 'Could not find project no-such-project-here' })
    expect(await fileReport(me, { itemType: 'project', item: hidden.id, reportType: reason, body: 'x' })).toMatchObject({ ok: false, reason: 'notFound' })
    expect(await fileReport(await viewerOf(null), { itemType: 'user', item: w.users.owner.username, reportType: reason, body: 'x' })).toEqual({ ok: false, reason: 'signIn' })
    const target = await w.makeProject('approved')
    for (let i = 0; i < REPORTS_PER_WINDOW; i++) expect((await fileReport(me, { itemType: 'project', item: target.id, reportType: reason, body: `report ${i}` })).ok).toBe(true)
    expect(await fileReport(me, { itemType: 'project', item: target.id, reportType: reason, body: 'one more' })).toEqual({ ok: false, reason: 'tooMany' })
  })
})

describe('closing', () => {
  it('is for staff: the report leaves the open list, the thread records it, and reopening brings it back', async () => {
    const me = await makeUser(payload)
    const r = await fileReport(await viewerOf(me), { itemType: 'user', item: w.users.owner.username, reportType: reason, body: 'Spam in the bio.' })
    if (!r.ok) throw new Error('not filed')
    expect(await setReportClosed(await viewerOf(me), r.report.id, true)).toEqual({ ok: false, reason: 'notFound' })
    expect(await staffReports(await viewerOf(me), { closed: false })).toBeNull()
    const mod = await viewerOf(w.users.moderator)
    expect((await staffReports(mod, { closed: false }))!.map((x) => x.id)).toContain(r.report.id)
    expect(await setReportClosed(mod, r.report.id, true)).toEqual({ ok: true })
    expect((await staffReports(mod, { closed: false }))!.map((x) => x.id)).not.toContain(r.report.id)
    expect(await setReportClosed(mod, r.report.id, false)).toEqual({ ok: true })
    const thread = (await reportDetail(await viewerOf(me), r.report.id))!.thread!.messages.map((m) => m.type)
    expect(thread).toEqual(['thread_closure', 'thread_reopen'])
  })
})

describe('the staff queue', () => {
  it('filters by item type and reason, searches the words, the item and the reporter, and sorts either way', async () => {
    const other = (await payload.create({ collection: 'report-types', data: { id: `copyright-${Date.now()}` } as never, overrideAccess: true })).id
    const tag = `q${Date.now().toString(36)}`
    const reporter = await makeUser(payload)
    const target = await w.makeProject('approved')
    const viewer = await viewerOf(reporter)
    const file = async (data: Parameters<typeof fileReport>[1]) => {
      const r = await fileReport(viewer, data)
      if (!r.ok) throw new Error('not filed')
      return r.report.id
    }
    const onProject = await file({ itemType: 'project', item: target.id, reportType: other, body: `Textures copied ${tag}` })
    const onUser = await file({ itemType: 'user', item: w.users.owner.username, reportType: reason, body: `Spam links ${tag}` })
    const mod = await viewerOf(w.users.moderator)
    const list = async (q: Partial<Parameters<typeof staffReports>[1]>) => (await staffReports(mod, { closed: false, ...q }))!.map((r) => r.id)

    expect(await list({ q: tag })).toEqual([onProject, onUser])
    expect(await list({ q: tag, sort: 'newest' })).toEqual([onUser, onProject])
    expect(await list({ q: tag, itemType: 'user' })).toEqual([onUser])
    expect(await list({ q: tag, reason: other })).toEqual([onProject])
    expect(await list({ q: tag, reason: other, itemType: 'user' })).toEqual([])
    // The item's name and the reporter's find them too.
    expect(await list({ q: target.title, reason: other })).toContain(onProject)
    expect(await list({ q: reporter.username })).toEqual(expect.arrayContaining([onProject, onUser]))
    // A closed one is in the closed list only.
    await setReportClosed(mod, onUser, true)
    expect(await list({ q: tag })).toEqual([onProject])
    expect(await list({ q: tag, closed: true })).toEqual([onUser])
  })
})

describe('/v2 reports and threads', () => {
  it('file, read, answer, close — with the scopes and rules of the site', async () => {
    const me = await makeUser(payload)
    const p = await w.makeProject('approved')
    const token = await patFor(payload, me, ['REPORT_CREATE', 'REPORT_READ', 'THREAD_READ', 'THREAD_WRITE'])
    const filed = await v2('/report', { method: 'POST', auth: token, body: { report_type: reason, item_id: p.slug, item_type: 'project', body: 'Malware in the jar.' } })
    expect(filed.status, filed.text).toBe(200)
    const report = filed.json<{ id: string; item_id: string; thread_id: string; closed: boolean }>()
    expect(report).toMatchObject({ item_id: p.id, closed: false })
    expect((await v2('/report', { method: 'POST', auth: token, body: { report_type: reason, item_id: 'nope-nope', item_type: 'project', body: 'x' } })).json()).toMatchObject({ error: 'invalid_input', description: 'Could not find project nope-nope' })
    expect((await v2(`/reports?ids=${ids([report.id])}`, { auth: token })).json<unknown[]>()).toHaveLength(1)

    const modToken = await patFor(payload, w.users.moderator, ['REPORT_READ', 'REPORT_WRITE', 'THREAD_READ', 'THREAD_WRITE'])
    expect((await v2(`/thread/${report.thread_id}`, { method: 'POST', auth: modToken, body: { body: { type: 'text', body: 'Checking it.' } } })).status).toBe(204)
    expect((await v2(`/report/${report.id}`, { method: 'PATCH', auth: token, body: { closed: true } })).status).toBe(401)
    expect((await v2(`/report/${report.id}`, { method: 'PATCH', auth: modToken, body: { closed: true } })).status).toBe(204)
    const thread = (await v2(`/thread/${report.thread_id}`, { auth: token })).json<{ messages: { body: { type: string; body?: string } }[] }>()
    expect(thread.messages.map((m) => m.body.type)).toEqual(['text', 'thread_closure'])
    expect(thread.messages[0]!.body.body).toBe('Checking it.')
    expect((await v2(`/report/${report.id}`, { auth: token })).json()).toMatchObject({ closed: true })

    // Someone else's report and thread are not there for a stranger.
    const strangerToken = await patFor(payload, w.users.stranger, ['REPORT_READ', 'THREAD_READ', 'THREAD_WRITE'])
    expect((await v2(`/report/${report.id}`, { auth: strangerToken })).status).toBe(404)
    expect((await v2(`/thread/${report.thread_id}`, { auth: strangerToken })).status).toBe(404)
    expect((await v2(`/thread/${report.thread_id}`, { method: 'POST', auth: strangerToken, body: { body: { type: 'text', body: 'hi' } } })).status).toBe(404)
    // Without the scope, a token is not enough.
    const noScope = await patFor(payload, me, ['USER_READ'])
    expect((await v2('/report', { method: 'POST', auth: noScope, body: { report_type: reason, item_id: p.id, item_type: 'project', body: 'x' } })).status).toBe(401)
  })
})
