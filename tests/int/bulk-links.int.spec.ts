/**
 * Editing links of many projects at once (/dashboard/projects, issue 14 item 2): all or nothing,
 * only where the viewer may edit details (EDIT_DETAILS), as the viewer through access control.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ProjectPermissions as P } from '../../src/access/core/permissions'
import { applyBulkLinks } from '../../src/lib/projectSettings/bulkLinksWrite'
import { viewerFor, type AuthUser, type Viewer } from '../../src/lib/data/viewer'
import type { User } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
const viewerOf = (user: User | null): Promise<Viewer> => viewerFor(payload, user ? ({ ...user, collection: 'users' } as AuthUser) : null)
const links = async (id: string) => {
  const p = await payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true })
  return { issuesUrl: p.issuesUrl ?? null, sourceUrl: p.sourceUrl ?? null, wikiUrl: p.wikiUrl ?? null, discordUrl: p.discordUrl ?? null }
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

describe('bulk link edits', () => {
  it('sets and clears the same links on every chosen project, leaving the others alone', async () => {
    const [a, b] = [await w.makeProject('approved'), await w.makeProject('draft')]
    await payload.update({ collection: 'projects', id: b.id, data: { wikiUrl: 'https://wiki.example/b', issuesUrl: 'https://issues.example/b' }, overrideAccess: true })
    const r = await applyBulkLinks(await viewerOf(w.users.member), [a.id, b.id], { sourceUrl: 'https://git.example/all', wikiUrl: null })
    expect(r).toEqual({ ok: true, updated: expect.arrayContaining([a.id, b.id]) })
    expect(await links(a.id)).toEqual({ issuesUrl: null, sourceUrl: 'https://git.example/all', wikiUrl: null, discordUrl: null })
    expect(await links(b.id)).toEqual({ issuesUrl: 'https://issues.example/b', sourceUrl: 'https://git.example/all', wikiUrl: null, discordUrl: null })
  })

  it('refuses the whole change, naming the project, when one of them is not the viewer’s to edit — nothing is written', async () => {
    const helper = await payload.create({ collection: 'users', data: { email: `bulk-${Date.now()}@example.com`, username: `bulk${Date.now()}`, password: 'correct horse battery staple', role: 'developer' }, overrideAccess: true })
    const mine = await w.makeProject('approved', [{ user: helper, permissions: P.EDIT_DETAILS }])
    const readOnly = await w.makeProject('approved', [{ user: helper, permissions: P.UPLOAD_VERSION }])
    const r = await applyBulkLinks(await viewerOf(helper), [mine.id, readOnly.id], { sourceUrl: 'https://git.example/nope' })
    expect(r).toEqual({ ok: false, reason: 'notAllowed', project: readOnly.title })
    expect((await links(mine.id)).sourceUrl).toBeNull()
  })

  it('answers a stranger as if the projects did not exist when they are hidden, and refuses public ones', async () => {
    const [hidden, open] = [await w.makeProject('draft'), await w.makeProject('approved')]
    const stranger = await viewerOf(w.users.stranger)
    expect(await applyBulkLinks(stranger, [hidden.id], { wikiUrl: 'https://x.example' })).toEqual({ ok: false, reason: 'notFound' })
    expect(await applyBulkLinks(stranger, [open.id], { wikiUrl: 'https://x.example' })).toMatchObject({ ok: false, reason: 'notAllowed' })
    expect((await links(open.id)).wikiUrl).toBeNull()
    expect(await applyBulkLinks(await viewerOf(null), [open.id], { wikiUrl: 'https://x.example' })).toMatchObject({ ok: false })
  })

  it('is refused to a member without bits, and open to staff as their rules allow (moderators may edit details)', async () => {
    const p = await w.makeProject('approved')
    expect(await applyBulkLinks(await viewerOf(w.users.memberNoBits), [p.id], { issuesUrl: 'https://x.example' })).toMatchObject({ ok: false, reason: 'notAllowed' })
    expect(await applyBulkLinks(await viewerOf(w.users.admin), [p.id], { issuesUrl: 'https://admin.example' })).toMatchObject({ ok: true })
    expect((await links(p.id)).issuesUrl).toBe('https://admin.example')
  })
})
