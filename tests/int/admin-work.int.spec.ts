/**
 * The admin panel's own reads and actions (issue 18 items 2 and 4, issue 15 item 5): each role's
 * dashboard work (staff: the queue, open reports and flagged files; news editors: drafts and scheduled
 * publications; creators: their projects and checklists), the moderation panel's lock and decisions
 * (staff only, a lock held by another refuses with its holder), and the user_email search (staff only).
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { creatorWork, editorialWork, staffWork } from '../../src/lib/data/adminWork'
import { countFlaggedFiles } from '../../src/lib/data/technicalReview'
import { findUserByEmail } from '../../src/lib/data/userByEmail'
import { viewerFor, type AuthUser, type Viewer } from '../../src/lib/data/viewer'
import { moderate } from '../../src/lib/moderation/adminModeration'
import { lockOf, releaseLock } from '../../src/lib/moderation/locks'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type Actor, type World } from '../helpers/world'

let payload: Payload
let w: World
let moderator2: User & { collection: 'users' }
const suffix = Date.now().toString(36)
const viewerOf = (user: User | null): Promise<Viewer> => viewerFor(payload, user ? ({ ...user, collection: 'users' } as AuthUser) : null)
const viewerAs = (actor: Actor) => viewerOf(w.as(actor))
const statusOf = async (id: string) => (await payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true })).status
const NOT_STAFF: Actor[] = ['anonymous', 'stranger', 'member', 'owner', 'newsEditor']

const lexical = (text: string) => ({
  root: { type: 'root', version: 1, direction: 'ltr' as const, format: '' as const, indent: 0, children: [{ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }] }] },
})

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  moderator2 = await makeUser(payload, 'moderator')
})

describe('staff work on the dashboard', () => {
  it('counts the review queue and names its oldest item, and counts the open reports', async () => {
    const oldest = await w.makeProject('processing')
    await payload.update({ collection: 'projects', id: oldest.id, data: { queued: '2001-01-01T00:00:00.000Z' }, overrideAccess: true })
    await w.makeProject('processing')
    const reportType = (await payload.find({ collection: 'report-types', limit: 1, overrideAccess: true })).docs[0]!
    const listed = await w.makeProject('approved')
    await payload.create({ collection: 'reports', data: { reportType: reportType.id, itemType: 'project', itemId: listed.id, body: 'Spam.' }, user: w.users.stranger, overrideAccess: false })

    const work = await staffWork(await viewerAs('moderator'))
    expect(work?.queue.size).toBe((await payload.count({ collection: 'projects', where: { status: { equals: 'processing' } }, overrideAccess: true })).totalDocs)
    expect(work?.queue.size).toBeGreaterThanOrEqual(2)
    expect(work?.queue.oldest).toMatchObject({ id: oldest.id, title: oldest.title, queued: '2001-01-01T00:00:00.000Z' })
    expect(work?.openReports).toBe((await payload.count({ collection: 'reports', where: { closed: { not_equals: true } }, overrideAccess: true })).totalDocs)
    expect(work?.openReports).toBeGreaterThanOrEqual(1)
    // The technical review's count of files waiting for a verdict (src/lib/data/technicalReview.ts).
    expect(work?.flaggedFiles).toBe(await countFlaggedFiles(await viewerAs('moderator')))
    expect(work?.flaggedFiles).toEqual(expect.any(Number))
    expect((await staffWork(await viewerAs('admin')))?.queue.oldest?.id).toBe(oldest.id)
  })

  it('is nobody else’s', async () => {
    for (const actor of NOT_STAFF) expect(await staffWork(await viewerAs(actor)), actor).toBeNull()
  })
})

describe('editorial work on the dashboard', () => {
  it('lists drafts (news and changelog) and scheduled publications, not published or finished ones', async () => {
    const editor = w.users.newsEditor
    const draft = await payload.create({ collection: 'news', data: { slug: `dash-draft-${suffix}`, title: `Dashboard draft ${suffix}`, summary: 'A summary.', content: lexical('Body.') as never, _status: 'draft' }, draft: true, user: editor, overrideAccess: false })
    const live = await payload.create({ collection: 'news', data: { slug: `dash-live-${suffix}`, title: `Dashboard live ${suffix}`, summary: 'A summary.', content: lexical('Body.') as never, _status: 'published' }, user: editor, overrideAccess: false })
    const entry = await payload.create({ collection: 'changelog-entries', data: { date: '2031-02-03T00:00:00.000Z', product: 'web', version: `9.${Date.now() % 1000}`, body: 'Fixes.', _status: 'draft' }, draft: true, user: editor, overrideAccess: false })
    const at = new Date(Date.now() + 86_400_000)
    await payload.jobs.queue({ task: 'schedulePublish', input: { type: 'publish', doc: { relationTo: 'news', value: draft.id }, user: editor.id }, waitUntil: at })
    const finished = await payload.jobs.queue({ task: 'schedulePublish', input: { type: 'publish', doc: { relationTo: 'news', value: live.id }, user: editor.id }, waitUntil: at })
    await payload.update({ collection: 'payload-jobs', id: finished.id, data: { completedAt: new Date().toISOString() }, overrideAccess: true })

    const work = await editorialWork(await viewerAs('newsEditor'))
    const drafts = work?.drafts.map((d) => `${d.collection}:${d.id}`) ?? []
    expect(drafts).toContain(`news:${draft.id}`)
    expect(drafts).toContain(`changelog-entries:${entry.id}`)
    expect(drafts).not.toContain(`news:${live.id}`)
    expect(work?.drafts.find((d) => d.id === draft.id)?.title).toBe(`Dashboard draft ${suffix}`)
    expect(work?.scheduled).toEqual(expect.arrayContaining([{ collection: 'news', id: draft.id, title: `Dashboard draft ${suffix}`, at: at.toISOString(), action: 'publish' }]))
    expect(work?.scheduled.map((s) => s.id)).not.toContain(live.id)
    expect((await editorialWork(await viewerAs('admin')))?.drafts.map((d) => d.id)).toContain(draft.id)
  })

  it('is nobody else’s (moderators included)', async () => {
    for (const actor of [...NOT_STAFF.filter((a) => a !== 'newsEditor'), 'moderator'] as Actor[]) expect(await editorialWork(await viewerAs(actor)), actor).toBeNull()
  })
})

describe('a creator’s projects on the dashboard', () => {
  it('lists the creator’s own projects with status and what the checklist still asks for', async () => {
    const creator = await makeUser(payload)
    const project = await w.makeProject('draft', [{ user: creator, permissions: 0 }])
    const work = await creatorWork(await viewerOf(creator))
    expect(work).toHaveLength(1)
    expect(work[0]).toMatchObject({ id: project.id, title: project.title, status: 'draft' })
    // No version uploaded yet: a required item is open.
    expect(work[0]!.checklist.required).toBeGreaterThanOrEqual(1)
  })

  it('shows nobody else’s projects, staff included', async () => {
    const project = await w.makeProject('draft')
    for (const actor of ['stranger', 'moderator', 'admin', 'newsEditor'] as Actor[]) expect((await creatorWork(await viewerAs(actor))).map((p) => p.id), actor).not.toContain(project.id)
    expect((await creatorWork(await viewerAs('owner'))).map((p) => p.id)).toContain(project.id)
  })
})

describe('the moderation panel’s actions', () => {
  it('are refused to everyone but staff, as if the project were not there, and change nothing', async () => {
    const p = await w.makeProject('processing')
    for (const actor of NOT_STAFF) {
      for (const op of ['take', 'approve', 'reject'] as const) expect(await moderate(await viewerAs(actor), p.id, op, 'A message.'), `${actor} ${op}`).toEqual({ ok: false, reason: 'notFound' })
    }
    expect(await statusOf(p.id)).toBe('processing')
    expect(await lockOf(payload, p.id)).toBeNull()
  })

  it('a moderator takes the lock; a second is refused with the holder’s name until the first approves', async () => {
    const p = await w.makeProject('processing')
    expect(await moderate(await viewerAs('moderator'), p.id, 'take')).toEqual({ ok: true, op: 'take' })
    const refused = await moderate(await viewerOf(moderator2), p.id, 'reject', 'Not like this.')
    expect(refused).toMatchObject({ ok: false, reason: 'locked', holder: { username: w.users.moderator.username } })
    expect(await moderate(await viewerOf(moderator2), p.id, 'take')).toMatchObject({ ok: false, reason: 'locked' })
    expect(await statusOf(p.id)).toBe('processing')
    expect(await moderate(await viewerAs('moderator'), p.id, 'approve')).toEqual({ ok: true, op: 'approve', status: 'approved' })
    expect(await statusOf(p.id)).toBe('approved')
    expect(await lockOf(payload, p.id)).toBeNull()
  })

  it('reject and withhold need a message; an admin takes over another’s lock', async () => {
    const p = await w.makeProject('processing')
    await moderate(await viewerOf(moderator2), p.id, 'take')
    expect(await moderate(await viewerAs('admin'), p.id, 'withhold', '  ')).toMatchObject({ ok: false, reason: 'refused' })
    expect(await moderate(await viewerAs('admin'), p.id, 'override')).toEqual({ ok: true, op: 'override' })
    expect((await lockOf(payload, p.id))?.moderatorId).toBe(w.users.admin.id)
    expect(await moderate(await viewerAs('admin'), p.id, 'withhold', 'Copied from another site.')).toEqual({ ok: true, op: 'withhold', status: 'withheld' })
    await releaseLock(payload, p.id, w.users.admin.id, { any: true })
  })
})

describe('finding a user by email (/admin/user_email)', () => {
  it('finds the account for staff, in any letter case, without returning the address', async () => {
    const target = w.users.stranger
    for (const actor of ['moderator', 'admin'] as Actor[]) {
      const found = await findUserByEmail(await viewerAs(actor), `  ${target.email!.toUpperCase()} `)
      expect(found, actor).toEqual({ status: 'found', user: { id: target.id, username: target.username, joined: target.createdAt } })
    }
    expect(await findUserByEmail(await viewerAs('moderator'), `nobody-${suffix}@example.test`)).toEqual({ status: 'none' })
  })

  it('refuses everyone else', async () => {
    for (const actor of NOT_STAFF) expect(await findUserByEmail(await viewerAs(actor), w.users.owner.email!), actor).toEqual({ status: 'refused' })
  })
})
