/**
 * Collections (issue 14 item 4) and following (item 2): every rule and refusal of the domain
 * functions the site's forms and the API call, run as each kind of user through access control.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { createCollection, deleteCollection, setCollectionIcon, setProjectInCollection, unfollowProject, updateCollection } from '../../src/lib/collections/service'
import { FOLLOWING_ID, parseNewCollection } from '../../src/lib/collections/rules'
import { followedProjectIds, ownCollections } from '../../src/lib/data/collections'
import { getCollectionPage } from '../../src/lib/data/profile-pages'
import { viewerFor, type AuthUser, type Viewer } from '../../src/lib/data/viewer'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, tinyPng, type World } from '../helpers/world'

let payload: Payload
let w: World
const viewerOf = (user: User | null): Promise<Viewer> => viewerFor(payload, user ? ({ ...user, collection: 'users' } as AuthUser) : null)
const input = (name: string, visibility: 'public' | 'unlisted' | 'private' = 'public') => {
  const parsed = parseNewCollection({ name, visibility })
  if (!parsed.ok) throw new Error(`bad input ${name}`)
  return parsed.data
}
const png = async (name = 'icon.png') => {
  const data = await tinyPng(16)
  return { data, mimetype: 'image/png', name, size: data.length }
}
const stored = (id: string) => payload.findByID({ collection: 'user-collections', id, depth: 0, overrideAccess: true, disableErrors: true })
const followers = async (id: string) => (await payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true })).followers ?? 0

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

describe('creating', () => {
  it('belongs to its creator, with the fields given', async () => {
    const me = await makeUser(payload)
    const c = await createCollection(await viewerOf(me), { name: 'Cozy picks', summary: 'Calm mods', description: '', visibility: 'unlisted' })
    expect(c).toMatchObject({ name: 'Cozy picks', summary: 'Calm mods', description: null, visibility: 'unlisted', owner: me.id })
  })
  it('is refused to anonymous visitors', async () => {
    await expect(createCollection(await viewerOf(null), input('Nobody’s picks'))).rejects.toThrow()
  })
  it('refuses a name outside 3–64 characters and a too long summary, also past the form (the collection’s own limits)', async () => {
    const me = await viewerOf(await makeUser(payload))
    await expect(createCollection(me, { name: 'ab', summary: '', description: '', visibility: 'public' })).rejects.toThrow(/name/i)
    await expect(createCollection(me, { name: 'x'.repeat(65), summary: '', description: '', visibility: 'public' })).rejects.toThrow(/name/i)
    await expect(createCollection(me, { name: 'Fine', summary: 's'.repeat(256), description: '', visibility: 'public' })).rejects.toThrow(/summary/i)
  })
  it('cannot be made for someone else (the owner is the creator)', async () => {
    const [me, victim] = [await makeUser(payload), await makeUser(payload)]
    await expect(payload.create({ collection: 'user-collections', data: { name: 'Planted', owner: victim.id }, user: me, overrideAccess: false })).rejects.toThrow()
  })
})

describe('editing and deleting', () => {
  it('the owner edits; a stranger cannot (a private one does not exist for them); staff may edit', async () => {
    const owner = await makeUser(payload)
    const pub = await createCollection(await viewerOf(owner), input('Public picks'))
    const priv = await createCollection(await viewerOf(owner), input('Private picks', 'private'))
    expect((await updateCollection(await viewerOf(owner), pub.id, { name: 'Renamed picks', visibility: 'private' })).name).toBe('Renamed picks')
    await expect(updateCollection(await viewerOf(w.users.stranger), priv.id, { name: 'Hijacked' })).rejects.toMatchObject({ status: 404 })
    const pub2 = await createCollection(await viewerOf(owner), input('Other public picks'))
    await expect(updateCollection(await viewerOf(w.users.stranger), pub2.id, { name: 'Hijacked' })).rejects.toThrow()
    await expect(updateCollection(await viewerOf(null), pub2.id, { name: 'Hijacked' })).rejects.toThrow()
    expect((await stored(pub2.id))?.name).toBe('Other public picks')
    // Moderators may correct a collection (the collection's update access is owner or staff).
    expect((await updateCollection(await viewerOf(w.users.moderator), pub2.id, { summary: 'Moderated' })).summary).toBe('Moderated')
  })
  it('the owner deletes; a stranger and a moderator cannot; an admin can', async () => {
    const owner = await makeUser(payload)
    const a = await createCollection(await viewerOf(owner), input('Doomed picks'))
    await expect(deleteCollection(await viewerOf(w.users.stranger), a.id)).rejects.toThrow()
    await expect(deleteCollection(await viewerOf(w.users.moderator), a.id)).rejects.toThrow()
    expect(await stored(a.id)).toBeTruthy()
    await deleteCollection(await viewerOf(owner), a.id)
    expect(await stored(a.id)).toBeNull()
    const b = await createCollection(await viewerOf(owner), input('Admin-removed picks'))
    await deleteCollection(await viewerOf(w.users.admin), b.id)
    expect(await stored(b.id)).toBeNull()
  })
  it('the icon: the owner uploads and removes it; a stranger’s upload is refused and stores no image', async () => {
    const owner = await makeUser(payload)
    const c = await createCollection(await viewerOf(owner), input('Iconic picks'))
    const withIcon = await setCollectionIcon(await viewerOf(owner), c.id, await png())
    expect(withIcon.icon).toBeTruthy()
    const images = async () => (await payload.count({ collection: 'images', overrideAccess: true })).totalDocs
    const before = await images()
    await expect(setCollectionIcon(await viewerOf(w.users.stranger), c.id, await png('evil.png'))).rejects.toThrow()
    expect(await images()).toBe(before)
    expect((await setCollectionIcon(await viewerOf(owner), c.id, null)).icon ?? null).toBeNull()
  })
})

describe('projects in a collection', () => {
  it('adds and removes a visible project; a stranger cannot change someone else’s list', async () => {
    const owner = await makeUser(payload)
    const project = await w.makeProject('approved')
    const c = await createCollection(await viewerOf(owner), input('Tech picks'))
    const added = await setProjectInCollection(await viewerOf(owner), c.id, project.id, true)
    expect(added.projects).toEqual([project.id])
    // Adding twice keeps one.
    expect((await setProjectInCollection(await viewerOf(owner), c.id, project.id, true)).projects).toEqual([project.id])
    await expect(setProjectInCollection(await viewerOf(w.users.stranger), c.id, project.id, false)).rejects.toThrow()
    expect((await stored(c.id))?.projects).toEqual([project.id])
    expect((await setProjectInCollection(await viewerOf(owner), c.id, project.id, false)).projects).toEqual([])
  })
  it('refuses a hidden project with a clear message; its own team may add it', async () => {
    const hidden = await w.makeProject('draft')
    const stranger = await viewerOf(w.users.stranger)
    const c = await createCollection(stranger, input('Sneaky picks'))
    await expect(setProjectInCollection(stranger, c.id, hidden.id, true)).rejects.toMatchObject({ status: 404, message: `Could not find project ${hidden.id}` })
    await expect(createCollection(stranger, input('Sneaky start'), [hidden.id])).rejects.toThrow(`Could not find project ${hidden.id}`)
    expect((await stored(c.id))?.projects ?? []).toEqual([])
    const mine = await createCollection(await viewerOf(w.users.owner), input('Own drafts'))
    expect((await setProjectInCollection(await viewerOf(w.users.owner), mine.id, hidden.id, true)).projects).toEqual([hidden.id])
  })
  it('the collection page shows only projects the visitor may see', async () => {
    const owner = await makeUser(payload)
    const shown = await w.makeProject('approved')
    const c = await createCollection(await viewerOf(owner), input('Shown picks'), [shown.id])
    const page = await getCollectionPage(await viewerOf(null), c.id)
    expect(page?.projects.map((p) => p.id)).toEqual([shown.id])
    expect(page?.isOwner).toBe(false)
    expect((await getCollectionPage(await viewerOf(owner), c.id))?.isOwner).toBe(true)
  })
})

describe('visibility', () => {
  it('private: the owner and staff see it; strangers and visitors get nothing (Collection not found)', async () => {
    const owner = await makeUser(payload)
    const c = await createCollection(await viewerOf(owner), input('Secret picks', 'private'))
    expect(await getCollectionPage(await viewerOf(owner), c.id)).not.toBeNull()
    expect(await getCollectionPage(await viewerOf(w.users.moderator), c.id)).not.toBeNull()
    expect(await getCollectionPage(await viewerOf(w.users.stranger), c.id)).toBeNull()
    expect(await getCollectionPage(await viewerOf(null), c.id)).toBeNull()
  })
  it('unlisted: anyone with the link sees it; it is in nobody else’s own list', async () => {
    const owner = await makeUser(payload)
    const c = await createCollection(await viewerOf(owner), input('Quiet picks', 'unlisted'))
    expect(await getCollectionPage(await viewerOf(null), c.id)).not.toBeNull()
    expect((await ownCollections(await viewerOf(w.users.stranger))).map((x) => x.id)).not.toContain(c.id)
    expect((await ownCollections(await viewerOf(owner))).map((x) => x.id)).toEqual([c.id])
  })
  it('the dashboard search finds one’s own collections by name words, case-insensitively', async () => {
    const owner = await viewerOf(await makeUser(payload))
    await createCollection(owner, input('Cozy Building'))
    await createCollection(owner, input('Tech Automation'))
    expect((await ownCollections(owner, 'cozy')).map((c) => c.name)).toEqual(['Cozy Building'])
    expect((await ownCollections(owner, 'AUTOMATION tech')).map((c) => c.name)).toEqual(['Tech Automation'])
    expect(await ownCollections(owner, 'nothing-like-this')).toEqual([])
  })
})

describe('following', () => {
  it('moves the follower count, and the followed projects form the owner’s own “following” collection', async () => {
    const fan = await makeUser(payload)
    const project = await w.makeProject('approved')
    const start = await followers(project.id)
    await payload.create({ collection: 'follows', data: { project: project.id, user: fan.id }, user: fan, overrideAccess: false })
    expect(await followers(project.id)).toBe(start + 1)
    const fanViewer = await viewerOf(fan)
    expect(await followedProjectIds(fanViewer)).toEqual([project.id])
    const page = await getCollectionPage(fanViewer, FOLLOWING_ID)
    expect(page).toMatchObject({ virtual: 'following', isOwner: true })
    expect(page?.projects.map((p) => p.id)).toEqual([project.id])
    // Nobody else sees the fan's follows.
    expect((await getCollectionPage(await viewerOf(w.users.stranger), FOLLOWING_ID))?.projects).toEqual([])
    expect(await getCollectionPage(await viewerOf(null), FOLLOWING_ID)).toBeNull()

    await unfollowProject(fanViewer, project.id)
    expect(await followers(project.id)).toBe(start)
    // Unfollowing again changes nothing (the count never goes below the truth).
    await unfollowProject(fanViewer, project.id)
    expect(await followers(project.id)).toBe(start)
    expect((await getCollectionPage(fanViewer, FOLLOWING_ID))?.projects).toEqual([])
  })
  it('a hidden project cannot be followed by someone who cannot see it', async () => {
    const hidden = await w.makeProject('draft')
    await expect(payload.create({ collection: 'follows', data: { project: hidden.id, user: w.users.stranger.id }, user: w.users.stranger, overrideAccess: false })).rejects.toThrow(`Could not find project ${hidden.id}`)
    expect(await followers(hidden.id)).toBe(0)
  })
})

describe('/v3 collections (the same domain functions)', () => {
  type Res = { status: number; text: string; json: <T = Record<string, unknown>>() => T }
  let ip = 0
  async function v3(path: string, opts: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; raw?: Buffer; auth?: string } = {}): Promise<Res> {
    const route = await import('../../src/app/v3/[...path]/route')
    const method = opts.method ?? (opts.body !== undefined ? 'POST' : 'GET')
    const headers = new Headers({ 'x-forwarded-for': `10.77.0.${++ip % 250}` })
    if (opts.auth) headers.set('authorization', opts.auth)
    const body = opts.raw ? new Uint8Array(opts.raw) : opts.body !== undefined ? JSON.stringify(opts.body) : undefined
    const res = await route[method](new Request(`http://localhost/v3${path}`, { method, headers, body }))
    const text = await res.text()
    return { status: res.status, text, json: <T>() => JSON.parse(text) as T }
  }

  it('create, read, change, icon, list and delete with a token; refusals change nothing', async () => {
    const { patFor } = await import('../helpers/v2')
    const owner = await makeUser(payload)
    const pat = await patFor(payload, owner, ['COLLECTION_CREATE', 'COLLECTION_READ', 'COLLECTION_WRITE', 'COLLECTION_DELETE', 'USER_WRITE'])
    const noUploads = await patFor(payload, owner, ['COLLECTION_READ', 'COLLECTION_WRITE'])
    const readOnly = await patFor(payload, owner, ['COLLECTION_READ'])
    const strangerPat = await patFor(payload, w.users.stranger, ['COLLECTION_WRITE', 'COLLECTION_DELETE', 'COLLECTION_READ'])
    const project = await w.makeProject('approved')
    const hidden = await w.makeProject('draft')

    expect((await v3('/collection', { body: { name: 'ab' }, auth: pat })).status).toBe(400)
    expect((await v3('/collection', { body: { name: 'Api picks' }, auth: readOnly })).status).toBe(401)
    const created = await v3('/collection', { body: { name: 'Api picks', description: 'Made by a script', projects: [project.slug] }, auth: pat })
    expect(created.status, created.text).toBe(200)
    const c = created.json<{ id: string }>()
    expect(created.json()).toMatchObject({ name: 'Api picks', description: 'Made by a script', status: 'listed', user: owner.id, projects: [project.id], icon_url: null })

    expect((await v3(`/collection/${c.id}`)).json()).toMatchObject({ id: c.id, name: 'Api picks' })
    expect((await v3(`/collection/${c.id}`, { method: 'PATCH', body: { status: 'private' }, auth: strangerPat })).status).toBeGreaterThanOrEqual(400)
    expect((await v3(`/collection/${c.id}`, { method: 'PATCH', body: { new_projects: [hidden.id] }, auth: pat })).status).toBe(404)
    expect((await v3(`/collection/${c.id}`, { method: 'PATCH', body: { status: 'rejected' }, auth: pat })).status).toBe(400)
    expect((await v3(`/collection/${c.id}`, { method: 'PATCH', body: { status: 'private', name: 'Api secrets' }, auth: pat })).status).toBe(204)
    expect((await v3(`/collection/${c.id}`)).status).toBe(404)
    expect((await v3(`/collection/${c.id}`, { auth: pat })).json()).toMatchObject({ name: 'Api secrets', status: 'private', projects: [project.id] })

    // labrinth's door is COLLECTION_WRITE alone: storing the image needs no other scope (issue 35 item 1).
    expect((await v3(`/collection/${c.id}/icon?ext=png`, { method: 'PATCH', raw: await tinyPng(16), auth: noUploads })).status).toBe(204)
    expect((await v3(`/collection/${c.id}/icon?ext=png`, { method: 'PATCH', raw: await tinyPng(16), auth: pat })).status).toBe(204)
    expect((await v3(`/collection/${c.id}`, { auth: pat })).json<{ icon_url: string | null }>().icon_url).toEqual(expect.any(String))

    expect((await v3(`/user/${owner.id}/collections`)).json()).toEqual([])
    expect((await v3(`/user/${owner.username}/collections`, { auth: pat })).json<{ id: string }[]>().map((x) => x.id)).toEqual([c.id])

    expect((await v3(`/collection/${c.id}`, { method: 'DELETE', auth: strangerPat })).status).toBe(404)
    expect(await stored(c.id)).toBeTruthy()
    expect((await v3(`/collection/${c.id}`, { method: 'DELETE', auth: pat })).status).toBe(204)
    expect(await stored(c.id)).toBeNull()
  })
})
