/**
 * Issue 27, item 4 — queries: one parser, no bypass. The query guard judges the where tree as
 * Payload runs it (`.` and `__` paths, `and`/`or` in any case, nested groups, sort, joins) for every
 * request, the admin panel's Local API server functions included (H5); hidden projects' teams and
 * unlisted collections are not listed to those who may not see them (L2).
 */
import { createLocalReq } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { relationId } from '../../src/lib/ids'
import type { Project } from '../../src/payload-types'
import { authOf, type HostileActor } from '../helpers/hostile'
import { api, gql } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, tinyPng, type World } from '../helpers/world'

let w: World
let hidden: Project
let visible: Project
let hiddenImage: string
let visibleImage: string
/** A public collection listing the hidden project beside a public one: visible to all, its projects not. */
let shelf: string
const SECRET = 'SECRET-h5-verdict'

const galleryImage = async (projectId: string) => {
  const png = await tinyPng()
  const name = `h5-${projectId}-${Math.random().toString(36).slice(2)}.png`
  const doc = await w.payload.create({ collection: 'images', data: { kind: 'gallery', project: projectId, uploader: w.users.owner.id }, file: { data: png, mimetype: 'image/png', name, size: png.length }, overrideAccess: true })
  return doc.id
}
const docsOf = (body: unknown) => ((body as { docs?: { id: string }[] }).docs ?? []).map((d) => d.id)
const errorOf = (body: unknown) => (body as { errors?: { message?: string }[] }).errors?.[0]?.message ?? ''

beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  hidden = await w.makeProject('rejected')
  await w.payload.update({ collection: 'projects', id: hidden.id, data: { moderatorMessage: { message: SECRET, body: null } }, overrideAccess: true })
  visible = await w.makeProject('approved')
  await w.payload.update({ collection: 'projects', id: visible.id, data: { moderatorMessage: { message: SECRET, body: null } }, overrideAccess: true })
  hiddenImage = await galleryImage(hidden.id)
  visibleImage = await galleryImage(visible.id)
  shelf = (await w.payload.create({ collection: 'user-collections', data: { name: 'H5 shelf', owner: w.users.owner.id, visibility: 'public', projects: [visible.id, hidden.id] }, overrideAccess: true })).id
})

/** The session id inside a session JWT (Payload's `sid` claim). */
const sidOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { sid: string }).sid

/** The ids a REST listing returns, asserting it answered without a server error. */
async function listed(actor: HostileActor, path: string): Promise<{ status: number; ids: string[] }> {
  const res = await api('GET', path, { auth: await authOf(w, actor) })
  expect(res.status, `${actor} ${path}`).toBeLessThan(500)
  return { status: res.status, ids: docsOf(res.body) }
}

describe('H5: the query guard reads the where tree as Payload runs it', () => {
  it('H5: a `__` path does not reach into a hidden project’s moderator message', async () => {
    for (const actor of ['anonymous', 'stranger'] as const) {
      for (const q of [`where[project__moderatorMessage__message][like]=${SECRET}`, 'where[project__status][equals]=rejected', `where[project.moderatorMessage__message][like]=${SECRET}`]) {
        expect((await listed(actor, `/images?${q}&limit=100`)).ids, `${actor} ${q}`).not.toContain(hiddenImage)
      }
      // A public collection answers nothing about the hidden project it lists.
      for (const q of [`where[projects__moderatorMessage__message][like]=${SECRET}`, 'where[projects__status][equals]=rejected']) {
        expect((await listed(actor, `/user-collections?${q}&limit=100`)).ids, `${actor} ${q}`).not.toContain(shelf)
      }
      // The issue's own request: teams through their `projects` join.
      const teams = await listed(actor, `/teams?where[projects__moderatorMessage__message][like]=${SECRET}&limit=100`)
      expect(teams.ids, actor).not.toContain(relationId(hidden.team))
    }
    // The team still finds its own project's image through the same path.
    expect((await listed('memberNoBits', `/images?where[project__moderatorMessage__message][like]=${SECRET}&limit=100`)).ids).toContain(hiddenImage)
  })

  it('H5: upper-case `AND` and mixed-case `Or` groups are judged like `and` and `or`', async () => {
    for (const actor of ['anonymous', 'stranger'] as const) {
      for (const q of [
        `where[AND][0][projects.moderatorMessage.message][like]=${SECRET}`,
        'where[Or][0][projects.status][equals]=rejected',
        `where[oR][0][projects__moderatorMessage__message][like]=${SECRET}&where[oR][1][id][equals]=none`,
      ]) {
        expect((await listed(actor, `/user-collections?${q}&limit=100`)).ids, `${actor} ${q}`).not.toContain(shelf)
      }
      expect((await listed(actor, `/images?where[AND][0][project.moderatorMessage.message][like]=${SECRET}&limit=100`)).ids, actor).not.toContain(hiddenImage)
    }
    expect((await api('GET', '/users?where[OR][0][sessions.id][exists]=true', { auth: await authOf(w, 'stranger') })).status).toBe(400)
    expect((await api('GET', '/team-members?where[AND][0][permissions][equals]=1023', { auth: null })).status).toBe(400)
  })

  it('H5: nested groups are judged at every depth', async () => {
    const q = `where[or][0][AND][0][Or][0][and][0][project__moderatorMessage__message][like]=${SECRET}`
    for (const actor of ['anonymous', 'stranger'] as const) {
      expect((await listed(actor, `/images?${q}&limit=100`)).ids, actor).not.toContain(hiddenImage)
      expect((await listed(actor, `/user-collections?${q.replace('project__', 'projects__')}&limit=100`)).ids, actor).not.toContain(shelf)
    }
    // A readable related document still answers through the same nesting.
    expect((await listed('stranger', `/images?${q}&limit=100`)).ids).toContain(visibleImage)
    const deep = '/users?where[or][0][AND][0][Or][0][and][0][sessions__expiresAt][greater_than]=2000-01-01'
    expect((await api('GET', deep, { auth: null })).status).toBe(400)
  })

  it('H5: sorting through a relation with `__` is refused like with `.`', async () => {
    for (const sort of ['project__title', '-project__moderatorMessage__message', 'id,project__title']) {
      const res = await api('GET', `/images?sort=${sort}&limit=100`, { auth: await authOf(w, 'stranger') })
      expect(res.status, sort).toBe(400)
    }
    expect((await api('GET', '/users?sort=-sessions__expiresAt', { auth: null })).status).toBe(400)
  })

  it('H5: users’ sessions and session ids cannot be filtered on through `__`', async () => {
    const sid = sidOf((await authOf(w, 'owner'))!) // the owner has a live session
    for (const actor of ['anonymous', 'stranger'] as const) {
      for (const path of [
        `/users?where[sessions__id][like]=${sid.slice(0, 6)}`,
        `/users?where[sessions__id][equals]=${sid}`,
        '/users?where[sessions__id][exists]=true',
        '/users?where[sessions__expiresAt][greater_than]=2000-01-01',
        '/team-members?where[user__sessions__id][exists]=true',
        '/images?where[uploader__sessions__id][exists]=true',
      ]) {
        const res = await api('GET', path, { auth: await authOf(w, actor) })
        expect(res.status, `${actor} ${path}`).toBe(400)
        expect(errorOf(res.body), path).toMatch(/not allowed|cannot be queried/)
      }
    }
  })

  it('H5: the admin panel’s render-list path (Local API, signed-in user, overrideAccess false) is guarded', async () => {
    // `render-list` calls `payload.find({ user, overrideAccess: false, where })` with the list URL's where.
    const stranger = w.users.stranger
    const req = await createLocalReq({ user: stranger }, w.payload)
    expect(req.payloadAPI).toBe('local')
    const images = await w.payload.find({ collection: 'images', where: { or: [{ project__moderatorMessage__message: { like: SECRET } }] }, depth: 0, limit: 100, user: stranger, overrideAccess: false, req })
    expect(images.docs.map((d) => d.id)).not.toContain(hiddenImage)
    expect(images.docs.map((d) => d.id)).toContain(visibleImage)
    // A hidden project's fields, through a public collection's relation.
    await expect(w.payload.find({ collection: 'user-collections', where: { 'projects.moderatorMessage.message': { like: SECRET } }, user: stranger, overrideAccess: false, req })).rejects.toMatchObject({ status: 400 })
    await expect(w.payload.count({ collection: 'user-collections', where: { AND: [{ projects__status: { equals: 'rejected' } }] }, user: stranger, overrideAccess: false })).rejects.toMatchObject({ status: 400 })
    // The same for anonymous Local API readers (our own pages).
    await expect(w.payload.find({ collection: 'users', where: { sessions__id: { exists: true } }, overrideAccess: false })).rejects.toMatchObject({ status: 400 })
    await expect(w.payload.find({ collection: 'users', where: { 'sessions.id': { exists: true } }, user: stranger, overrideAccess: false })).rejects.toMatchObject({ status: 400 })
    await expect(w.payload.find({ collection: 'images', sort: 'project.moderatorMessage.message', user: stranger, overrideAccess: false })).rejects.toMatchObject({ status: 400 })
    await expect(w.payload.count({ collection: 'team-members', where: { 'user.sessions.id': { exists: true } }, user: stranger, overrideAccess: false })).rejects.toMatchObject({ status: 400 })
    // Internal work (overrideAccess, the default of the Local API) is not judged.
    expect((await w.payload.find({ collection: 'user-collections', where: { 'projects.status': { equals: 'rejected' } }, depth: 0, limit: 100 })).docs.map((d) => d.id)).toContain(shelf)
  })

  it('H5: a malformed where is a clear 400, never a 500', async () => {
    for (const q of [
      'where[title][bogus]=1',
      'where[id][EQUALS]=x',
      'where[and]=x',
      'where[AND][0]=x',
      'where[id]=x',
      'where[or][0][id][in][a][b]=1',
    ]) {
      const res = await api('GET', `/images?${q}`, { auth: await authOf(w, 'stranger') })
      expect(res.status, q).toBe(400)
      expect(errorOf(res.body), q).not.toBe('')
    }
    await expect(w.payload.find({ collection: 'images', where: { or: 'x' } as never, user: w.users.stranger, overrideAccess: false })).rejects.toMatchObject({ status: 400 })
  })

  it('H5: GraphQL `AND`/`OR` and `__` group paths pass through the same guard', async () => {
    const sid = sidOf((await authOf(w, 'owner'))!)
    const g = await gql('query($sid: String) { Users(where: { OR: [{ AND: [{ sessions__id: { like: $sid } }] }] }) { docs { id } } }', { sid: sid.slice(0, 6) }, null)
    const ids = ((g.data?.Users as { docs: { id: string }[] } | null)?.docs ?? []).map((d) => d.id)
    expect(ids).not.toContain(w.users.owner.id)
    expect(g.errors?.[0]?.message ?? '').toMatch(/not allowed|cannot be queried|not defined/)
  })
})

describe('L2: listings leave out what the caller may not see', () => {
  it('L2: anonymous and a stranger listing /api/teams see no hidden project’s team; members still see theirs', async () => {
    const draft = await w.makeProject('draft')
    const priv = await w.makeProject('private')
    const hiddenTeams = [hidden, draft, priv].map((p) => relationId(p.team)!)
    const publicTeam = relationId(visible.team)!
    for (const actor of ['anonymous', 'stranger'] as const) {
      const { ids } = await listed(actor, '/teams?limit=100')
      for (const team of hiddenTeams) expect(ids, actor).not.toContain(team)
      expect(ids, actor).toContain(publicTeam)
      expect((await api('GET', `/teams/${hiddenTeams[1]}`, { auth: await authOf(w, actor) })).status, actor).toBe(404)
      const g = await gql('{ Teams(limit: 100) { docs { id } } }', {}, await authOf(w, actor))
      const gIds = ((g.data?.Teams as { docs: { id: string }[] } | null)?.docs ?? []).map((d) => d.id)
      for (const team of hiddenTeams) expect(gIds, actor).not.toContain(team)
    }
    for (const actor of ['memberNoBits', 'owner', 'moderator'] as const) {
      const { ids } = await listed(actor, '/teams?limit=100')
      for (const team of hiddenTeams) expect(ids, actor).toContain(team)
    }
  })

  it('L2: anonymous and a stranger listing /api/user-collections see no unlisted or private collection; owners still see theirs', async () => {
    const owner = w.users.owner.id
    const make = (visibility: 'public' | 'unlisted' | 'private') =>
      w.payload.create({ collection: 'user-collections', data: { name: `L2 ${visibility}`, owner, visibility }, overrideAccess: true }).then((c) => c.id)
    const [pub, unlisted, priv] = [await make('public'), await make('unlisted'), await make('private')]
    for (const actor of ['anonymous', 'stranger'] as const) {
      for (const path of ['/user-collections?limit=100', `/user-collections?where[owner][equals]=${owner}&limit=100`, '/user-collections?where[visibility][not_equals]=public&limit=100']) {
        const { ids } = await listed(actor, path)
        expect(ids, `${actor} ${path}`).not.toContain(unlisted)
        expect(ids, `${actor} ${path}`).not.toContain(priv)
      }
      expect((await listed(actor, '/user-collections?limit=100')).ids, actor).toContain(pub)
      const g = await gql('{ UserCollections(limit: 100) { docs { id } } }', {}, await authOf(w, actor))
      expect(((g.data?.UserCollections as { docs: { id: string }[] } | null)?.docs ?? []).map((d) => d.id), actor).not.toContain(unlisted)
      // Unlisted means "not listed": whoever has its link (its id) still opens it.
      expect((await api('GET', `/user-collections/${unlisted}`, { auth: await authOf(w, actor) })).status, actor).toBe(200)
      expect((await listed(actor, `/user-collections?where[id][equals]=${unlisted}`)).ids, actor).toEqual([unlisted])
      expect((await api('GET', `/user-collections/${priv}`, { auth: await authOf(w, actor) })).status, actor).toBe(404)
    }
    const mine = (await listed('owner', `/user-collections?where[owner][equals]=${owner}&limit=100`)).ids
    expect(mine).toEqual(expect.arrayContaining([pub, unlisted, priv]))
    expect((await listed('moderator', '/user-collections?limit=100')).ids).toEqual(expect.arrayContaining([pub, unlisted, priv]))
  })
})
