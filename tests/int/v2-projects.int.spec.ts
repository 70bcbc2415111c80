/**
 * `/v2` projects and teams: the LegacyProject shape, slug-or-id lookups, visibility (hidden → 404 with
 * an empty body), v2 project types, derived loaders/game versions, and the members endpoints.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ids, makeV2Project, makeVersion, patFor, PROJECT_KEYS, sessionFor, v2, type MadeVersion } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'

let payload: Payload
let w: World
let pub: Project
let hidden: Project
let plugin: Project
let datapack: Project
let listedOld: MadeVersion
let listedNew: MadeVersion
let draftVersion: MadeVersion
let unlistedVersion: MadeVersion
type Json = Record<string, unknown>

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  const icon = await payload.create({ collection: 'images', data: { kind: 'icon' }, file: { data: await tinyPng(), mimetype: 'image/png', name: 'v2-icon.png', size: (await tinyPng()).length }, overrideAccess: true })
  pub = await makeV2Project(w, 'approved', {
    title: 'Public Thing', summary: 'A public project for the v2 tests.', body: '# Hello', color: 0x3366ff, icon: icon.id,
    clientSide: 'required', serverSide: 'optional', categories: ['technology'], additionalCategories: ['magic'],
    donationUrls: [{ platform: 'patreon', url: 'https://patreon.com/someone' }], issuesUrl: 'https://example.org/issues',
    license: 'MIT', licenseUrl: 'https://example.org/LICENSE',
  })
  const png = await tinyPng(16)
  await payload.create({ collection: 'images', data: { kind: 'gallery', project: pub.id, featured: true, title: 'Shot', description: 'A shot', ordering: 1 }, file: { data: png, mimetype: 'image/png', name: 'v2-gallery-b.png', size: png.length }, overrideAccess: true })
  await payload.create({ collection: 'images', data: { kind: 'gallery', project: pub.id, ordering: 0 }, file: { data: png, mimetype: 'image/png', name: 'v2-gallery-a.png', size: png.length }, overrideAccess: true })
  listedOld = await makeVersion(payload, pub, { versionNumber: '1.0.0', gameVersions: ['1.20.1'], loaders: ['fabric'], datePublished: '2024-01-01T00:00:00.000Z' })
  listedNew = await makeVersion(payload, pub, { versionNumber: '2.0.0', gameVersions: ['1.21'], loaders: ['forge'], datePublished: '2024-06-01T00:00:00.000Z' })
  draftVersion = await makeVersion(payload, pub, { versionNumber: '3.0.0-draft', gameVersions: ['1.21.1'], loaders: ['paper'], status: 'draft' })
  unlistedVersion = await makeVersion(payload, pub, { versionNumber: '2.5.0', gameVersions: ['1.21.1'], loaders: ['datapack'], status: 'unlisted' })
  hidden = await makeV2Project(w, 'draft')
  await makeVersion(payload, hidden)
  plugin = await makeV2Project(w, 'approved', { projectType: 'plugin' })
  datapack = await makeV2Project(w, 'approved', { projectType: 'datapack' })
})

describe('GET /v2/project/{id|slug}', () => {
  it('answers the exact LegacyProject shape', async () => {
    const res = await v2(`/project/${pub.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const p = res.json<Json>()
    expect(Object.keys(p).sort()).toEqual(PROJECT_KEYS)
    expect(p).toMatchObject({
      id: pub.id, slug: pub.slug, project_type: 'mod', team: pub.team, organization: null, title: 'Public Thing',
      description: 'A public project for the v2 tests.', body: '# Hello', body_url: null, status: 'approved',
      client_side: 'required', server_side: 'optional', categories: ['technology'], additional_categories: ['magic'],
      color: 0x3366ff, issues_url: 'https://example.org/issues', wiki_url: null, moderator_message: null, monetization_status: 'monetized',
      donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.com/someone' }],
      environment: ['client_only_server_optional'],
      license: { id: 'MIT', name: 'MIT License', url: 'https://example.org/LICENSE' },
    })
    expect(typeof p.thread_id).toBe('string')
    expect(p.icon_url).toMatch(/^https?:\/\/.+\/api\/images\/file\/.+/)
    expect(p.raw_icon_url).toMatch(/v2-icon\.png$/)
    expect(new Date(p.published as string).toISOString()).toBe(p.published)
  })

  it('lists gallery items in gallery order, with url and raw_url', async () => {
    const { gallery } = (await v2(`/project/${pub.id}`)).json<{ gallery: Json[] }>()
    expect(gallery.map((g) => g.ordering)).toEqual([0, 1])
    expect(gallery[1]).toMatchObject({ featured: true, title: 'Shot', description: 'A shot' })
    expect(gallery[0]).toMatchObject({ featured: false, title: null, description: null })
    for (const g of gallery) {
      expect(g.raw_url).toMatch(/\.png$/)
      expect(typeof g.url).toBe('string')
      expect(typeof g.created).toBe('string')
    }
  })

  it('finds the project by slug, in any letter case', async () => {
    for (const key of [pub.slug, pub.slug.toUpperCase()]) {
      const res = await v2(`/project/${encodeURIComponent(key)}`)
      expect(res.status).toBe(200)
      expect(res.json<Json>().id).toBe(pub.id)
    }
  })

  it('lists only the versions the caller may see, oldest first, and derives loaders and game versions from them', async () => {
    const anon = (await v2(`/project/${pub.id}`)).json<Json>()
    expect(anon.versions).toEqual([listedOld.id, listedNew.id])
    expect(anon.loaders).toEqual(['fabric', 'forge'])
    expect(anon.game_versions).toEqual(['1.20.1', '1.21'])
    const owner = await sessionFor(payload, w.users.owner)
    const mine = (await v2(`/project/${pub.id}`, { auth: owner })).json<Json>()
    expect(mine.versions).toEqual(expect.arrayContaining([listedOld.id, listedNew.id, draftVersion.id, unlistedVersion.id]))
    expect(mine.loaders).toEqual(['datapack', 'fabric', 'forge', 'paper'])
  })

  it('reports an unknown license as LicenseRef-Unknown', async () => {
    expect((await v2(`/project/${plugin.id}`)).json<Json>().license).toEqual({ id: 'LicenseRef-Unknown', name: '', url: null })
  })

  it('reports data packs and plugins as "mod" (v2 has no such types)', async () => {
    expect((await v2(`/project/${plugin.id}`)).json<Json>().project_type).toBe('mod')
    expect((await v2(`/project/${datapack.id}`)).json<Json>().project_type).toBe('mod')
  })

  it('answers 404 with an empty body for a hidden or unknown project', async () => {
    for (const key of [hidden.id, hidden.slug, 'NoSuchId', 'no-such-project-slug']) {
      for (const auth of [null, await sessionFor(payload, w.users.stranger)]) {
        const res = await v2(`/project/${encodeURIComponent(key)}`, { auth })
        expect(res.status).toBe(404)
        expect(res.text).toBe('')
      }
    }
  })

  it('shows a hidden project to its team and to staff', async () => {
    for (const actor of ['owner', 'memberNoBits', 'moderator', 'admin'] as const) {
      const res = await v2(`/project/${hidden.id}`, { auth: await sessionFor(payload, w.users[actor]) })
      expect(res.status, actor).toBe(200)
    }
  })

  it('treats a token without PROJECT_READ as anonymous: 401 naming the scope where its user could see the project', async () => {
    const weak = await patFor(payload, w.users.owner, ['USER_READ'])
    const refused = await v2(`/project/${hidden.id}`, { auth: weak })
    expect(refused.status).toBe(401)
    expect(refused.json<{ description: string }>().description).toContain('PROJECT_READ')
    const strong = await patFor(payload, w.users.owner, ['PROJECT_READ'])
    expect((await v2(`/project/${hidden.id}`, { auth: `Bearer ${strong}` })).status).toBe(200)
  })
})

describe('GET /v2/projects?ids=[…]', () => {
  it('returns the visible projects by id or slug, in the order asked, leaving out hidden and unknown ones', async () => {
    const res = await v2(`/projects?ids=${ids([plugin.slug, pub.id, hidden.id, 'nothing-here'])}`)
    expect(res.status).toBe(200)
    expect(res.json<Json[]>().map((p) => p.id)).toEqual([plugin.id, pub.id])
  })

  it('answers 400 for malformed JSON arrays and missing ids', async () => {
    for (const query of ['?ids=[abc', '?ids=abc', '?ids={"a":1}', '?ids=[1,2]', '', `?ids=${ids([''])}`]) {
      const res = await v2(`/projects${query}`)
      expect(res.status, query).toBe(400)
      const body = res.json<{ error: string; description: string }>()
      expect(body.error).toBe('invalid_input')
      expect(body.description).toMatch(/ids/)
    }
    expect((await v2('/projects?ids=[abc')).json<{ description: string }>().description).toMatch(/JSON array/)
  })
})

describe('GET /v2/projects_random', () => {
  it('returns up to count listed projects', async () => {
    const res = await v2('/projects_random?count=20')
    expect(res.status).toBe(200)
    const list = res.json<Json[]>()
    expect(list.length).toBeGreaterThan(0)
    expect(list.length).toBeLessThanOrEqual(20)
    for (const p of list) expect(['approved', 'archived']).toContain(p.status)
    expect(new Set(list.map((p) => p.id)).size).toBe(list.length)
  })

  it('answers 400 for a count outside 1–100', async () => {
    for (const count of ['0', '101', '1000', 'abc', '-1', '']) {
      const res = await v2(`/projects_random?count=${count}`)
      expect(res.status, count).toBe(400)
      expect(res.json<{ description: string }>().description).toMatch(/count/)
    }
  })
})

describe('GET /v2/project/{id}/check', () => {
  it('answers the id for a visible project, 404 otherwise', async () => {
    expect((await v2(`/project/${pub.slug}/check`)).json()).toEqual({ id: pub.id })
    const res = await v2(`/project/${hidden.slug}/check`)
    expect(res.status).toBe(404)
    expect(res.text).toBe('')
  })
})

describe('GET /v2/project/{id}/dependencies', () => {
  it('lists the visible projects and versions depended on', async () => {
    const lib = await makeV2Project(w, 'approved')
    const libVersion = await makeVersion(payload, lib)
    const secret = await makeV2Project(w, 'draft')
    const app = await makeV2Project(w, 'approved')
    await makeVersion(payload, app, {
      dependencies: [
        { version: libVersion.id, dependencyType: 'required' },
        { project: secret.id, dependencyType: 'optional' },
      ],
    })
    const res = await v2(`/project/${app.id}/dependencies`)
    expect(res.status).toBe(200)
    const deps = res.json<{ projects: Json[]; versions: Json[] }>()
    expect(deps.projects.map((p) => p.id)).toEqual([lib.id])
    expect(deps.versions.map((v) => v.id)).toEqual([libVersion.id])
    expect((await v2(`/project/${hidden.id}/dependencies`)).status).toBe(404)
  })
})

describe('team members', () => {
  it('lists a project team; permissions and payout splits are null for outsiders', async () => {
    const res = await v2(`/project/${pub.id}/members`)
    expect(res.status).toBe(200)
    const members = res.json<Json[]>()
    expect(members).toHaveLength(3)
    expect(members[0]).toMatchObject({ team_id: pub.team, role: 'Owner', accepted: true, permissions: null, payouts_split: null, ordering: 0 })
    expect((members[0].user as Json).id).toBe(w.users.owner.id)
    expect((members[0].user as Json).email).toBeNull()
    const asMember = (await v2(`/project/${pub.id}/members`, { auth: await sessionFor(payload, w.users.memberNoBits) })).json<Json[]>()
    expect(typeof asMember[0].permissions).toBe('number')
  })

  it('serves /team/{id}/members and /teams?ids=[…]', async () => {
    const team = (await v2(`/team/${pub.team}/members`)).json<Json[]>()
    expect(team.map((m) => (m.user as Json).id)).toEqual([w.users.owner.id, w.users.member.id, w.users.memberNoBits.id])
    const teams = (await v2(`/teams?ids=${ids([plugin.team as string, 'unknownteam', pub.team as string])}`)).json<Json[][]>()
    expect(teams.map((t) => t[0].team_id)).toEqual([plugin.team, pub.team])
    const missing = await v2('/team/unknownteam/members')
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('')
  })

  it('answers 404 for the members of a hidden project', async () => {
    expect((await v2(`/project/${hidden.id}/members`)).status).toBe(404)
  })
})

describe('conditional reads (ETag)', () => {
  it('an anonymous read carries an ETag; the same ETag back is a 304 without a body, until the project changes', async () => {
    const first = await v2(`/project/${pub.id}`)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    expect(first.headers.get('access-control-expose-headers')).toContain('ETag')

    const again = await v2(`/project/${pub.id}`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    // Other tags, or none, get the body.
    expect((await v2(`/project/${pub.id}`, { headers: { 'if-none-match': 'W/"stale"' } })).status).toBe(200)

    await payload.update({ collection: 'projects', id: pub.id, data: { summary: 'A public project for the v2 tests, edited.' }, overrideAccess: true })
    const changed = await v2(`/project/${pub.id}`, { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.json<Json>().description).toBe('A public project for the v2 tests, edited.')
    expect(changed.headers.get('etag')).not.toBe(etag)
    await payload.update({ collection: 'projects', id: pub.id, data: { summary: 'A public project for the v2 tests.' }, overrideAccess: true })
  })

  it('a read with a credential is private; writes and errors carry no ETag', async () => {
    const token = await sessionFor(payload, w.users.owner)
    const mine = await v2(`/project/${hidden.id}`, { auth: token })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('cache-control')).toBe('private, no-cache')
    expect((await v2(`/project/${hidden.id}`)).headers.get('etag')).toBeNull()
    expect((await v2('/project/no-such-project')).headers.get('etag')).toBeNull()
  })
})
