/**
 * Issue 34 item 1: a moderator's decision is signed by the moderator. The status hook's own writes
 * (the status-change record, the thread link, a project's derived fields) are system writes; their
 * flag lasts for that write only and never reaches the next write made on the same request — the
 * decision's message, or a member's next edit.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ProjectPermissions as P } from '../../src/access/core/permissions'
import { viewerFor, as, type AuthUser, type Viewer } from '../../src/lib/data/viewer'
import { withContext } from '../../src/lib/db/scopedContext'
import { moderate } from '../../src/lib/moderation/adminModeration'
import { decide, type Decision } from '../../src/lib/moderation/decide'
import { fileReport, setReportClosed } from '../../src/lib/reports/service'
import type { Project, ThreadMessage, User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
const viewerOf = (user: User): Promise<Viewer> => viewerFor(payload, { ...user, collection: 'users' } as AuthUser)
const threadOf = async (p: Project) => (await payload.findByID({ collection: 'projects', id: p.id, depth: 0, overrideAccess: true, select: { thread: true } })).thread as string
const messagesOf = async (p: Project): Promise<ThreadMessage[]> =>
  (await payload.find({ collection: 'thread-messages', where: { thread: { equals: await threadOf(p) } }, sort: 'createdAt', depth: 0, pagination: false, overrideAccess: true })).docs
const authorOf = (m: ThreadMessage | undefined) => (m ? (typeof m.author === 'object' ? (m.author?.id ?? null) : (m.author ?? null)) : undefined)

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

describe('a decision’s message is signed by the moderator who decided', () => {
  const cases: [Decision, Project['status']][] = [
    ['reject', 'processing'],
    ['withhold', 'processing'],
    ['approve', 'processing'],
    // After approval, something came to light.
    ['reject', 'approved'],
    ['withhold', 'approved'],
  ]
  for (const [decision, from] of cases) {
    it(`${decision} (from ${from}) on the site’s Moderation tab`, async () => {
      const p = await w.makeProject(from)
      const text = `Decision ${decision} from ${from}:\n\n- first point\n- second point`
      const viewer = await viewerOf(w.users.moderator)
      expect(await decide(viewer, p.id, decision, text)).toMatchObject({ ok: true })
      const messages = await messagesOf(p)
      expect(authorOf(messages.find((m) => m.type === 'text' && m.text === text))).toBe(w.users.moderator.id)
      expect(authorOf(messages.find((m) => m.type === 'status_change' && m.oldStatus === from))).toBe(w.users.moderator.id)
      expect(viewer.req.context.system).toBeUndefined()
    })
  }

  it('in the admin panel’s moderation panel (the same rules), for an admin too', async () => {
    for (const [user, op] of [[w.users.moderator, 'reject'], [w.users.admin, 'withhold']] as const) {
      const p = await w.makeProject('processing')
      const text = `Admin panel ${op}.`
      expect(await moderate(await viewerOf(user), p.id, op, text)).toMatchObject({ ok: true, op })
      expect(authorOf((await messagesOf(p)).find((m) => m.type === 'text' && m.text === text))).toBe(user.id)
    }
  })

  it('and so is every later message written on the same request by a person', async () => {
    const p = await w.makeProject('processing')
    const viewer = await viewerOf(w.users.moderator)
    expect(await decide(viewer, p.id, 'reject', 'First.')).toMatchObject({ ok: true })
    const thread = await threadOf(p)
    await payload.create({ collection: 'thread-messages', data: { thread, type: 'text', text: 'A follow-up.' }, depth: 0, ...as(viewer) })
    const messages = await messagesOf(p)
    expect(messages.filter((m) => m.type === 'text').map((m) => [m.text, authorOf(m)])).toEqual([
      ['First.', w.users.moderator.id],
      ['A follow-up.', w.users.moderator.id],
    ])
  })
  it('a report’s closing and reopening are signed by the moderator', async () => {
    const reporter = await makeUser(payload)
    const reportType = (await payload.create({ collection: 'report-types', data: { id: `spam-${Date.now()}` } as never, overrideAccess: true })).id
    const r = await fileReport(await viewerOf(reporter), { itemType: 'user', item: w.users.owner.username, reportType, body: 'Spam in the bio.' })
    if (!r.ok) throw new Error('not filed')
    const mod = await viewerOf(w.users.moderator)
    expect(await setReportClosed(mod, r.report.id, true)).toEqual({ ok: true })
    expect(await setReportClosed(mod, r.report.id, false)).toEqual({ ok: true })
    const thread = (await payload.findByID({ collection: 'reports', id: r.report.id, depth: 0, overrideAccess: true })).thread as string
    const { docs } = await payload.find({ collection: 'thread-messages', where: { thread: { equals: thread } }, sort: 'createdAt', depth: 0, overrideAccess: true })
    expect(docs.map((m) => [m.type, authorOf(m)])).toEqual([
      ['thread_closure', w.users.moderator.id],
      ['thread_reopen', w.users.moderator.id],
    ])
  })
})

describe('a system flag lasts for its one write', () => {
  it('reaches the one write it was given to, and is gone for the next write on the same request', async () => {
    const writer = await makeUser(payload)
    const p = await w.makeProject('draft', [{ user: writer, permissions: P.EDIT_BODY }])
    const viewer = await viewerOf(writer)
    const titleOf = async () => (await payload.findByID({ collection: 'projects', id: p.id, depth: 0, overrideAccess: true })).title
    // Only the flag lets this member (EDIT_BODY alone) rename the project: the edit rules leave system writes alone.
    await payload.update({ collection: 'projects', id: p.id, data: { title: 'Renamed by the site' }, depth: 0, overrideAccess: false, req: withContext(viewer.req, { system: true }) })
    expect(await titleOf()).toBe('Renamed by the site')
    expect(viewer.req.context.system).toBeUndefined()
    await expect(payload.update({ collection: 'projects', id: p.id, data: { title: 'Renamed by the member' }, depth: 0, ...as(viewer) })).rejects.toThrow()
    expect(await titleOf()).toBe('Renamed by the site')
  })

  it('a member’s edit after a system write on the same request still needs the member’s bits', async () => {
    // A member with EDIT_BODY only creates a project of their own (its thread link is a system write),
    // then renames this one (EDIT_DETAILS): refused.
    const writer = await makeUser(payload)
    const p = await w.makeProject('draft', [{ user: writer, permissions: P.EDIT_BODY }])
    const viewer = await viewerOf(writer)
    await payload.create({ collection: 'projects', data: { slug: `own-${Date.now()}`, title: 'Own Project', summary: 'A project of their own.', projectType: 'mod' }, depth: 0, ...as(viewer) })
    await expect(payload.update({ collection: 'projects', id: p.id, data: { title: 'Renamed without the bit' }, depth: 0, ...as(viewer) })).rejects.toThrow()
    expect((await payload.findByID({ collection: 'projects', id: p.id, depth: 0, overrideAccess: true })).title).toBe(p.title)
    expect(viewer.req.context.system).toBeUndefined()
  })

  it('a team member’s version (the project’s derived fields are a system write) leaves their next edit checked (the description needs EDIT_BODY)', async () => {
    const uploader = await makeUser(payload)
    const p = await w.makeProject('draft', [{ user: uploader, permissions: P.UPLOAD_VERSION | P.EDIT_DETAILS }])
    const viewer = await viewerOf(uploader)
    await payload.create({ collection: 'versions', data: { project: p.id, name: 'First', versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, depth: 0, ...as(viewer) })
    await expect(payload.update({ collection: 'projects', id: p.id, data: { body: 'Edited without the bit.' }, depth: 0, ...as(viewer) })).rejects.toThrow()
    expect((await payload.findByID({ collection: 'projects', id: p.id, depth: 0, overrideAccess: true })).body).toBe('Body text')
    expect(viewer.req.context.system).toBeUndefined()
  })
})
