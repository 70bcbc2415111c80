/**
 * The public-read cache (src/lib/cache): anonymous `/v2` reads are kept and dropped after the
 * committed write that changes them — here and on another instance, told through Postgres
 * LISTEN/NOTIFY; a rolled-back write announces nothing; signed-in readers are never served from it.
 */
import type { Payload, PayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { notifyInvalidation, startInvalidationBus, type InvalidationBus } from '../../src/lib/cache/bus'
import { cacheEnabled, invalidateNow, publicRead, publicReadStats, startPublicReadCache, stopPublicReadCache } from '../../src/lib/cache'
import { TagCache } from '../../src/lib/cache/store'
import { afterCommit } from '../../src/lib/db/afterCommit'
import { getUserProfile } from '../../src/lib/data/profile-pages'
import { viewerFor } from '../../src/lib/data/viewer'
import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeV2Project, makeVersion, patFor, v2 } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let project: Project
// "Another instance": its own cache, listening on its own connection.
let other: TagCache
let otherBus: InvalidationBus

const title = async (path: string, auth?: string) => (await v2(path, { auth })).json<{ title: string }>().title

/** An entry in the other instance's cache under `tags`, to see whether a write drops it. */
const keepOnOther = async (key: string, tags: string[]) => {
  await other.get(key, async () => ({ value: key, tags }))
  return () => other.get(key, async () => ({ value: 'read again', tags })) // 'read again' once dropped
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  project = await makeV2Project(w, 'approved', { title: 'Cached Lantern' })
  await makeVersion(payload, project, { versionNumber: '1.0.0' })
  startPublicReadCache(payload)
  other = new TagCache()
  const pool = (payload.db as unknown as { pool: { options: Record<string, unknown> } }).pool
  const { max: _max, ...connection } = pool.options
  otherBus = startInvalidationBus({ connection, cache: other })
  await vi.waitFor(() => expect(cacheEnabled() && otherBus.listening).toBe(true), { timeout: 10_000 })
})

afterAll(async () => {
  await stopPublicReadCache()
  await otherBus?.close()
})

describe('anonymous /v2 reads', () => {
  it('are served from the cache until the project changes, then read again', async () => {
    expect(await title(`/project/${project.slug}`)).toBe('Cached Lantern')
    const before = publicReadStats().hits
    expect(await title(`/project/${project.slug}`)).toBe('Cached Lantern')
    expect(publicReadStats().hits).toBe(before + 1)

    await payload.update({ collection: 'projects', id: project.id, data: { title: 'Cached Lantern, Relit' }, overrideAccess: true })
    expect(await title(`/project/${project.slug}`)).toBe('Cached Lantern, Relit')
  })

  it('keep one entry per project, whatever name it is asked by; a new slug is read afresh, the old one is not found', async () => {
    const p = await makeV2Project(w, 'approved', { title: 'One Entry Lamp' })
    const names = [p.slug!, p.id, p.slug!.toUpperCase()]
    const before = publicReadStats()
    for (const name of names) expect(await title(`/project/${name}`)).toBe('One Entry Lamp')
    const after = publicReadStats()
    // One document read from the database; the other two names found the same entry.
    expect(after.misses - before.misses).toBe(1)
    expect(after.hits - before.hits).toBe(2)
    expect(after.names.misses - before.names.misses).toBe(3)

    const slug = `${p.slug}-renamed`
    await payload.update({ collection: 'projects', id: p.id, data: { slug, title: 'One Entry Lamp, Renamed' }, overrideAccess: true })
    expect(await title(`/project/${slug}`)).toBe('One Entry Lamp, Renamed')
    expect(await title(`/project/${p.id}`)).toBe('One Entry Lamp, Renamed')
    expect((await v2(`/project/${p.slug}`)).status).toBe(404)
  })

  it('a new version shows in the version list at once', async () => {
    const list = async () => (await v2(`/project/${project.id}/version`)).json<{ version_number: string }[]>().map((v) => v.version_number)
    expect(await list()).toEqual(['1.0.0'])
    await makeVersion(payload, project, { versionNumber: '1.1.0', datePublished: new Date().toISOString() })
    expect(await list()).toEqual(['1.1.0', '1.0.0'])
  })

  it('a project that is hidden after being cached is 404 to the next anonymous read', async () => {
    const hiding = await makeV2Project(w, 'approved')
    expect((await v2(`/project/${hiding.id}`)).status).toBe(200)
    await payload.update({ collection: 'projects', id: hiding.id, data: { status: 'rejected' }, overrideAccess: true })
    expect((await v2(`/project/${hiding.id}`)).status).toBe(404)
  })

  it('a missing project is not remembered as missing', async () => {
    const slug = `cache-later-${Date.now()}`
    expect((await v2(`/project/${slug}`)).status).toBe(404)
    await makeV2Project(w, 'approved', { slug })
    expect((await v2(`/project/${slug}`)).status).toBe(200)
  })

  it('signed-in readers read afresh: a team member sees the draft version an anonymous visitor does not', async () => {
    await makeVersion(payload, project, { versionNumber: '2.0.0-draft', status: 'draft' })
    const anonymous = (await v2(`/project/${project.id}/version`)).json<{ version_number: string }[]>().map((v) => v.version_number)
    expect(anonymous).not.toContain('2.0.0-draft')
    const pat = await patFor(payload, w.users.owner, ['PROJECT_READ', 'VERSION_READ'])
    const member = (await v2(`/project/${project.id}/version`, { auth: pat })).json<{ version_number: string }[]>().map((v) => v.version_number)
    expect(member).toContain('2.0.0-draft')
  })

  it('tag lists change when a tag is added', async () => {
    const loaders = async () => (await v2('/tag/loader')).json<{ name: string }[]>().map((l) => l.name)
    expect(await loaders()).not.toContain('cachecraft')
    await payload.create({ collection: 'loaders', data: { id: 'cachecraft', icon: '<svg/>', supportedProjectTypes: ['mod'] } as never, overrideAccess: true })
    expect(await loaders()).toContain('cachecraft')
  })
})

describe('the update check (version bundles kept per version)', () => {
  it('answers from kept bundles, and shows a new version and a changed file at once', async () => {
    const first = await makeVersion(payload, project, { versionNumber: `5.${Date.now()}`, datePublished: new Date(Date.now() - 60_000).toISOString() })
    const lookup = async () => (await v2('/version_files', { body: { hashes: [first.sha1], algorithm: 'sha1' } })).json<Record<string, { id: string; files: { filename: string }[] }>>()
    expect((await lookup())[first.sha1].id).toBe(first.id)
    const before = publicReadStats().hits
    expect((await lookup())[first.sha1].id).toBe(first.id)
    expect(publicReadStats().hits).toBeGreaterThan(before)

    const update = async () =>
      (await v2('/version_files/update', { body: { hashes: [first.sha1], algorithm: 'sha1', loaders: ['fabric'], game_versions: ['1.21'] } })).json<Record<string, { id: string }>>()[first.sha1]?.id
    const newer = await makeVersion(payload, project, { versionNumber: `6.${Date.now()}`, datePublished: new Date().toISOString() })
    expect(await update()).toBe(newer.id)

    const [file] = (await payload.find({ collection: 'version-files', where: { version: { equals: first.id } }, limit: 1, overrideAccess: true })).docs
    await payload.update({ collection: 'version-files', id: file.id, data: { filename: `renamed-${Date.now()}.jar` }, overrideAccess: true })
    expect((await lookup())[first.sha1].files[0].filename).toMatch(/^renamed-/)
  })
})

describe('profile pages for anonymous visitors', () => {
  it('list a project once it is approved, and a renamed user under the new name', async () => {
    const anonymous = await viewerFor(payload, null)
    const profile = async () => (await getUserProfile(anonymous, w.users.owner.username))!
    const before = await profile()
    const fresh = await w.makeProject('draft')
    expect((await profile()).projects.map((p) => p.id)).not.toContain(fresh.id)
    await payload.update({ collection: 'projects', id: fresh.id, data: { status: 'approved' }, overrideAccess: true })
    expect((await profile()).projects.map((p) => p.id)).toContain(fresh.id)
    expect((await profile()).projects.length).toBe(before.projects.length + 1)
    await payload.update({ collection: 'users', id: w.users.owner.id, data: { bio: 'Keeps lanterns.' }, overrideAccess: true })
    expect((await profile()).user.bio).toBe('Keeps lanterns.')
  })
})

describe('another instance', () => {
  it('drops what a committed write changed, and keeps the rest', async () => {
    const changed = await keepOnOther('other:project', [`project:${project.id}`])
    const untouched = await keepOnOther('other:unrelated', ['project:ZZZZZZZZ'])
    await payload.update({ collection: 'projects', id: project.id, data: { summary: 'Told through NOTIFY.' }, overrideAccess: true })
    await expect.poll(changed, { timeout: 5000 }).toBe('read again')
    expect(await untouched()).toBe('other:unrelated')
  })

  it.each([
    ['a version', async () => void (await makeVersion(payload, project, { versionNumber: `3.${Date.now()}` })), () => `project:${project.id}`],
    ['a team member', async () => {
      const [member] = (await payload.find({ collection: 'team-members', where: { team: { equals: project.team } }, limit: 1, overrideAccess: true })).docs
      await payload.update({ collection: 'team-members', id: member.id, data: { role: 'Lead lamplighter' }, overrideAccess: true })
    }, () => `team:${project.team as string}`],
    ['a user profile', async () => void (await payload.update({ collection: 'users', id: w.users.member.id, data: { bio: 'Lights lamps.' }, overrideAccess: true })), () => `user:${w.users.member.id}`],
    ['a category', async () => void (await payload.create({ collection: 'categories', data: { name: `cached-${Date.now()}`, projectType: 'mod', header: 'categories', icon: '<svg/>' } as never, overrideAccess: true })), () => 'tags'],
  ])('hears about %s', async (_what, write, tag) => {
    const entry = await keepOnOther(`other:${tag()}`, [tag()])
    await write()
    await expect.poll(entry, { timeout: 5000 }).toBe('read again')
  })
})

describe('this instance', () => {
  it('skips its own announcements: what it read again right after its own write is kept', async () => {
    let loads = 0
    const read = () => publicRead('self:entry', async () => ({ value: ++loads, tags: ['project:SELF0000'] }))
    const marker = () => publicRead('self:marker', async () => ({ value: loads, tags: ['project:MARKER01'] }))
    expect(await read()).toBe(1)
    await invalidateNow(payload, ['project:SELF0000'])
    expect(await read()).toBe(2) // dropped here at once, before the announcement went out
    expect(await marker()).toBe(2)
    // A later announcement from elsewhere: once this instance has heard it, it has heard its own too.
    const pool = (payload.db as unknown as { pool: { query: (text: string, values: unknown[]) => Promise<unknown> } }).pool
    await notifyInvalidation((text, values) => pool.query(text, values), ['project:MARKER01'], 'another instance')
    loads = 99
    await expect.poll(marker, { timeout: 5000 }).toBe(99)
    expect(await read()).toBe(2)
  })
})

describe('after commit', () => {
  const inTransaction = async () => {
    const transactionID = await payload.db.beginTransaction()
    return { payload, transactionID: transactionID ?? undefined } as unknown as PayloadRequest
  }

  it('runs registered work only once the transaction commits', async () => {
    const req = await inTransaction()
    const ran: string[] = []
    await afterCommit(req, () => void ran.push('committed'))
    expect(ran).toEqual([])
    await payload.db.commitTransaction(req.transactionID!)
    expect(ran).toEqual(['committed'])
  })

  it('never runs it when the transaction rolls back: a failed write announces nothing', async () => {
    const entry = await keepOnOther('other:rolled-back', [`project:${project.id}`])
    const req = await inTransaction()
    await payload.update({ collection: 'projects', id: project.id, data: { title: 'Never Committed' }, overrideAccess: true, req })
    await payload.db.rollbackTransaction(req.transactionID!)
    // A later, unrelated announcement arrives; had the rolled-back one been sent, it would have come first.
    const marker = await keepOnOther('other:marker', ['project:MARKER00'])
    await invalidateNow(payload, ['project:MARKER00'])
    await expect.poll(marker, { timeout: 5000 }).toBe('read again')
    expect(await entry()).toBe('other:rolled-back')
    expect(await title(`/project/${project.id}`)).not.toBe('Never Committed')
  })
})
