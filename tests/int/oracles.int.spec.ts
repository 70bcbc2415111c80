/**
 * No oracles (issue: write-side authorization, high/medium): filters, sorts and relation paths
 * only reach what the caller can read; images follow the visibility of their project.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { relationId } from '../../src/lib/ids'
import { authOf } from '../helpers/hostile'
import { api, gql } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeVersion } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'

let w: World
beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

const galleryImage = async (projectId: string) => {
  const png = await tinyPng()
  return w.payload.create({ collection: 'images', data: { kind: 'gallery', project: projectId, uploader: w.users.owner.id }, file: { data: png, mimetype: 'image/png', name: `g-${Date.now()}-${Math.random().toString(36).slice(2)}.png`, size: png.length }, overrideAccess: true })
}
const docsOf = (body: unknown) => ((body as { docs?: { id: string }[] }).docs ?? []).map((d) => d.id)

describe('filters through relations', () => {
  it('images do not answer yes/no about a hidden project’s moderator message (high)', async () => {
    const hidden = await w.makeProject('rejected')
    await w.payload.update({ collection: 'projects', id: hidden.id, data: { moderatorMessage: { message: 'SECRET-verdict-42', body: null } }, overrideAccess: true })
    const image = await galleryImage(hidden.id)
    // A public project's image too, so that an answer through the relation would be visible.
    const visible = await galleryImage((await w.makeProject('approved')).id)
    for (const q of ['where[project.moderatorMessage.message][like]=SECRET', 'where[project.title][like]=Matrix', 'where[project.status][equals]=rejected']) {
      const res = await api('GET', `/images?${q}&limit=100`, { auth: await authOf(w, 'stranger') })
      expect(res.status, q).toBeLessThan(500)
      expect(docsOf(res.body), q).not.toContain(image.id)
    }
    const owner = await api('GET', `/images?where[project.status][equals]=rejected&limit=100`, { auth: await authOf(w, 'owner') })
    expect(docsOf(owner.body)).toContain(image.id)
    expect(docsOf((await api('GET', `/images?where[project.status][equals]=approved&limit=200`, { auth: null })).body)).toContain(visible.id)
  })

  it('through GraphQL (which has no relation paths) a hidden project’s images are not found either', async () => {
    const hidden = await w.makeProject('draft')
    await w.payload.update({ collection: 'projects', id: hidden.id, data: { title: 'Zebra Quietly Hidden' }, overrideAccess: true })
    const image = await galleryImage(hidden.id)
    const query = `{ Images(where: { project: { equals: "${hidden.id}" } }) { docs { id } } }`
    const ids = async (actor: 'stranger' | 'owner') => {
      const g = await gql(query, {}, await authOf(w, actor))
      expect(g.errors ?? []).toEqual([])
      return ((g.data?.Images as { docs: { id: string }[] } | undefined)?.docs ?? []).map((d) => d.id)
    }
    expect(await ids('owner')).toContain(image.id)
    expect(await ids('stranger')).not.toContain(image.id)
  })

  it('`sessions` tells nobody who is signed in (medium)', async () => {
    await authOf(w, 'owner') // the owner has a session
    for (const q of ['where[sessions.id][exists]=true', 'where[sessions.expiresAt][greater_than]=2000-01-01']) {
      const res = await api('GET', `/users?${q}`, { auth: await authOf(w, 'stranger') })
      expect(res.status, q).toBe(400)
    }
  })

  it('private fields cannot be filtered or sorted on by others', async () => {
    const stranger = await authOf(w, 'stranger')
    expect((await api('GET', `/users?where[email][like]=example`, { auth: stranger })).status).toBe(400)
    expect((await api('GET', `/users?sort=email`, { auth: stranger })).status).toBe(400)
    expect((await api('GET', `/team-members?where[permissions][equals]=1023`, { auth: stranger })).status).toBe(400)
  })

  it('sorting through a relation into hidden documents is refused', async () => {
    const res = await api('GET', `/images?sort=project.title`, { auth: await authOf(w, 'stranger') })
    expect(res.status).toBe(400)
  })
})

describe('things follow the visibility of what they belong to (medium)', () => {
  it('a hidden project’s gallery image is 404 to outsiders, its file too', async () => {
    const hidden = await w.makeProject('draft')
    const image = await galleryImage(hidden.id)
    expect((await api('GET', `/images/${image.id}`, { auth: await authOf(w, 'stranger') })).status).toBe(404)
    expect((await api('GET', `/images/${image.id}`, { auth: await authOf(w, 'memberNoBits') })).status).toBe(200)
    const file = await api('GET', `/images/file/${image.filename}`, { auth: null })
    expect(file.status).toBe(404)
    // The same answer as for a file that does not exist: nothing tells the two apart.
    expect((await api('GET', '/images/file/no-such-image.png', { auth: null })).status).toBe(404)
  })

  it('a hidden project’s version file cannot be downloaded by outsiders', async () => {
    const hidden = await w.makeProject('draft')
    const version = await makeVersion(w.payload, hidden)
    const file = (await w.payload.find({ collection: 'version-files', where: { version: { equals: version.id } }, overrideAccess: true })).docs[0]
    expect((await api('GET', `/version-files/file/${file.filename}`, { auth: await authOf(w, 'stranger') })).status).toBe(404)
    expect((await api('GET', `/version-files/file/${file.filename}`, { auth: await authOf(w, 'member') })).status).toBe(200)
    void relationId
  })
})

describe('team members follow their team (medium)', () => {
  it('the members of a hidden project’s team are not listed to outsiders', async () => {
    const hidden = await w.makeProject('draft')
    const team = relationId(hidden.team)!
    const list = async (actor: 'anonymous' | 'stranger' | 'memberNoBits') =>
      docsOf((await api('GET', `/team-members?where[team][equals]=${team}`, { auth: await authOf(w, actor) })).body)
    expect(await list('anonymous')).toHaveLength(0)
    expect(await list('stranger')).toHaveLength(0)
    expect(await list('memberNoBits')).toHaveLength(3)
    const visible = await w.makeProject('approved')
    expect(docsOf((await api('GET', `/team-members?where[team][equals]=${relationId(visible.team)}`, { auth: null })).body)).toHaveLength(3)
  })
})
