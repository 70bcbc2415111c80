/**
 * Issue 35 item 3 (rest): labrinth's writes we lacked — `initial_versions` on project creation, a
 * version's `environment`, bulk `PATCH /projects`, `PATCH /user/{id}` and the user icon — and an
 * unknown `license_id` answered as labrinth's 400, not a foreign-key 500.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { POST } from '../../src/app/v2/[...path]/route'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { testJar } from '../helpers/jar'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ids, patFor, v2 } from '../helpers/v2'
import { tinyPng } from '../helpers/world'

type U = User & { collection: 'users' }
type Json = Record<string, unknown>
type Part = { name: string; bytes: Buffer; type: string }
let payload: Payload
let owner: U
let stranger: U
let pat: string
const run = Date.now().toString(36)
let n = 0

async function upload(path: '/project' | '/version', data: unknown, auth: string, files: Record<string, Part> = {}) {
  n += 1
  const form = new FormData()
  form.append('data', JSON.stringify(data))
  for (const [field, f] of Object.entries(files)) form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name)
  const res = await POST(new Request(`http://localhost/v2${path}`, { method: 'POST', body: form, headers: { authorization: auth, 'x-forwarded-for': `10.98.${n >> 8}.${n & 255}` } }))
  const text = await res.text()
  return { status: res.status, text, json: <T = Json>() => JSON.parse(text) as T }
}
// Names of this run's own: a name an earlier file on the worker's database uploaded would be stored as `name-1.jar`.
const jar = (label: string): Part => ({ name: `${label}-${run}.jar`, bytes: testJar(`${label}-${run}`), type: 'application/java-archive' })
const newProject = (extra: Json = {}) => ({ title: 'Drop-in Ores', slug: `dropin-${run}-${++n}`, description: 'A project made through the drop-in API.', project_type: 'mod', categories: ['technology'], client_side: 'required', server_side: 'optional', license_id: 'MIT', body: 'Body.', initial_versions: [], is_draft: true, ...extra })
const initialVersion = (extra: Json = {}) => ({ version_number: `1.${++n}.0`, version_title: 'First', version_body: 'Changes', release_channel: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: false, dependencies: [], file_parts: ['file'], ...extra })
const count = async (collection: 'projects' | 'versions') => (await payload.count({ collection, overrideAccess: true })).totalDocs
const projectOf = async (id: string) => (await v2(`/project/${id}`, { auth: pat })).json<Json>()
const made = async (extra: Json = {}) => {
  const res = await upload('/project', newProject(extra), pat)
  expect(res.status, res.text).toBe(200)
  return res.json<{ id: string; slug: string; title: string }>()
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  owner = await makeUser(payload)
  stranger = await makeUser(payload)
  pat = await patFor(payload, owner, ['PROJECT_CREATE', 'PROJECT_WRITE', 'PROJECT_READ', 'VERSION_CREATE', 'VERSION_READ', 'USER_WRITE', 'USER_READ'])
})

describe('POST /v2/project with initial_versions', () => {
  it('creates the project and its versions with their files in one request', async () => {
    const firstVersion = initialVersion({ file_parts: ['a', 'a-src'], primary_file: 'a', file_types: { 'a-src': 'sources-jar' } })
    const data = newProject({ initial_versions: [firstVersion, initialVersion({ file_parts: ['b'], status: 'draft' })] })
    const res = await upload('/project', data, pat, { icon: { name: 'icon.png', bytes: await tinyPng(32), type: 'image/png' }, a: jar('a'), 'a-src': jar('a-src'), b: jar('b') })
    expect(res.status, res.text).toBe(200)
    const project = res.json<{ id: string; versions: string[]; icon_url: string | null }>()
    expect(project.versions).toHaveLength(2)
    expect(project.icon_url).toEqual(expect.any(String))
    const versions = (await v2(`/project/${project.id}/version`, { auth: pat })).json<{ version_number: string; files: { filename: string; primary: boolean; file_type: string | null }[] }[]>()
    const first = versions.find((v) => v.version_number === firstVersion.version_number)!
    expect(first.files.map((f) => [f.filename, f.primary, f.file_type]).sort()).toEqual([[`a-${run}.jar`, true, null], [`a-src-${run}.jar`, false, 'sources-jar']].sort())
  })

  it('refuses with labrinth’s words, and leaves nothing behind (a refused file removes the project)', async () => {
    const [projects, versions] = [await count('projects'), await count('versions')]
    const cases: [Json, Record<string, Part>, RegExp][] = [
      [newProject({ initial_versions: [initialVersion({ file_parts: ['x'] }), initialVersion({ file_parts: ['x'] })] }), { x: jar('x') }, /Duplicate multipart field name/],
      [newProject({ initial_versions: [initialVersion()] }), { file: jar('f'), extra: jar('extra') }, /isn't specified in the versions data/],
      [newProject({ initial_versions: [initialVersion({ file_parts: ['file', 'more'] })] }), { file: jar('g') }, /specified in initial_versions but not uploaded/],
      [newProject({ initial_versions: [initialVersion({ loaders: [] })] }), { file: jar('h') }, /initial_versions/],
      // The second version is refused by the collection after the project and the first version exist.
      [newProject({ initial_versions: [initialVersion({ file_parts: ['p'] }), initialVersion({ file_parts: ['q'], loaders: ['not-a-loader'] })] }), { p: jar('p'), q: jar('q') }, /loader/i],
    ]
    for (const [data, files, message] of cases) {
      const res = await upload('/project', data, pat, files)
      expect(res.status, res.text).toBe(400)
      expect(res.json<{ error: string; description: string }>()).toMatchObject({ error: 'invalid_input', description: expect.stringMatching(message) })
    }
    expect([await count('projects'), await count('versions')]).toEqual([projects, versions])
  })
})

describe('POST /v2/project with gallery_items', () => {
  it('uploads the gallery with the project: titles, descriptions, order and the featured image', async () => {
    const png = async (size: number): Promise<Part> => ({ name: `shot-${size}.png`, bytes: await tinyPng(size), type: 'image/png' })
    const data = newProject({
      initial_versions: [initialVersion()],
      gallery_items: [
        { item: 'shot-a', featured: false, title: 'The ore', description: 'Glowing in a cave.', ordering: 2 },
        { item: 'shot-b', featured: true, title: 'The forge', description: null, ordering: 1 },
      ],
    })
    const res = await upload('/project', data, pat, { file: jar('gallery'), 'shot-a': await png(24), 'shot-b': await png(40) })
    expect(res.status, res.text).toBe(200)
    const project = res.json<{ id: string; gallery: { url: string; featured: boolean; title: string | null; description: string | null; ordering: number }[] }>()
    const gallery = (await projectOf(project.id)).gallery as typeof project.gallery
    expect(gallery.map((g) => [g.title, g.description, g.featured, g.ordering]).sort()).toEqual([
      ['The forge', null, true, 1],
      ['The ore', 'Glowing in a cave.', false, 2],
    ])
    // The uploaded images themselves, each under its own item's details.
    const stored = await payload.find({ collection: 'images', where: { and: [{ project: { equals: project.id } }, { kind: { equals: 'gallery' } }] }, overrideAccess: true, depth: 0 })
    expect(stored.docs.map((d) => [d.title, d.width]).sort()).toEqual([['The forge', 40], ['The ore', 24]])
  })

  it('refuses a second featured image, a missing or misnamed part and a part that is not an image, and leaves nothing behind', async () => {
    const projects = await count('projects')
    const png: Part = { name: 'shot.png', bytes: await tinyPng(16), type: 'image/png' }
    const cases: [Json, Record<string, Part>, RegExp][] = [
      [newProject({ gallery_items: [{ item: 'a', featured: true }, { item: 'b', featured: true }] }), { a: png, b: png }, /Only one gallery image can be featured/],
      [newProject({ gallery_items: [{ item: 'a', featured: false }] }), {}, /gallery item `a` was not uploaded/],
      [newProject({ gallery_items: [{ item: 'a', featured: false }, { item: 'a', featured: false }] }), { a: png }, /Duplicate multipart field name/],
      [newProject({ gallery_items: [{ item: 'a', featured: false }] }), { a: jar('not-an-image') }, /"ext" must be one of/],
    ]
    for (const [data, files, message] of cases) {
      const res = await upload('/project', data, pat, files)
      expect(res.status, res.text).toBe(400)
      expect(res.json<{ error: string; description: string }>()).toMatchObject({ error: 'invalid_input', description: expect.stringMatching(message) })
    }
    expect(await count('projects')).toBe(projects)
  })
})

describe('a version’s environment', () => {
  it('sets the project’s side types on upload and in initial_versions; an unknown value is 400', async () => {
    const p = await made()
    const res = await upload('/version', { ...initialVersion({ environment: 'client_only' }), project_id: p.id }, pat, { file: jar('env') })
    expect(res.status, res.text).toBe(200)
    expect(res.json()).toMatchObject({ environment: 'client_only' })
    expect(await projectOf(p.id)).toMatchObject({ client_side: 'required', server_side: 'unsupported' })
    const bad = await upload('/version', { ...initialVersion({ environment: 'everywhere' }), project_id: p.id }, pat, { file: jar('env-bad') })
    expect(bad.status, bad.text).toBe(400)
    const q = await upload('/project', newProject({ initial_versions: [initialVersion({ environment: 'server_only' })] }), pat, { file: jar('env-init') })
    expect(q.status, q.text).toBe(200)
    expect(q.json()).toMatchObject({ client_side: 'unsupported', server_side: 'required' })
  })
})

describe('PATCH /v2/projects (bulk)', () => {
  it('changes every listed project: tags added and removed, links set and cleared, donation links', async () => {
    const [a, b] = [await made({ source_url: 'https://example.test/old' }), await made({ categories: ['technology', 'magic'] })]
    const res = await v2(`/projects?ids=${ids([a.id, b.slug])}`, { method: 'PATCH', auth: pat, body: { add_categories: ['utility'], remove_categories: ['magic'], source_url: null, wiki_url: 'https://example.test/wiki', add_donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.example.test/x' }], status: 'approved', team: 'x' } })
    expect(res.status, res.text).toBe(204)
    for (const id of [a.id, b.id]) {
      const p = await projectOf(id)
      expect(p).toMatchObject({ categories: ['technology', 'utility'], source_url: null, wiki_url: 'https://example.test/wiki', status: 'draft' })
      expect(p.donation_urls).toEqual([expect.objectContaining({ id: 'patreon', url: 'https://patreon.example.test/x' })])
    }
    expect((await v2(`/projects?ids=${ids([a.id])}`, { method: 'PATCH', auth: pat, body: { remove_donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'x' }] } })).status).toBe(204)
    expect((await projectOf(a.id)).donation_urls).toEqual([])
  })

  it('refuses the whole batch when one project may not be edited; unknown or hidden is 400; needs PROJECT_WRITE', async () => {
    const mine = await made()
    const theirs = await payload.create({ collection: 'projects', data: { slug: `theirs-${run}`, title: 'Their Ores', summary: 'A project of someone else entirely.', projectType: 'mod' }, user: stranger, overrideAccess: false })
    const body = { wiki_url: 'https://example.test/mine-now' }
    const hidden = await v2(`/projects?ids=${ids([mine.id, theirs.id])}`, { method: 'PATCH', auth: pat, body })
    expect([hidden.status, hidden.json<Json>().description]).toEqual([400, `Project ${theirs.id} not found`])
    await payload.update({ collection: 'projects', id: theirs.id, data: { status: 'approved' }, overrideAccess: true })
    const shown = await v2(`/projects?ids=${ids([mine.id, theirs.id])}`, { method: 'PATCH', auth: pat, body })
    expect([shown.status, shown.json<Json>().description]).toEqual([401, 'You are not a member of project Their Ores!'])
    expect((await projectOf(mine.id)).wiki_url).toBeNull()
    const readOnly = await patFor(payload, owner, ['PROJECT_READ'])
    expect((await v2(`/projects?ids=${ids([mine.id])}`, { method: 'PATCH', auth: readOnly, body })).status).toBe(401)
  })
})

describe('PATCH /v2/user/{id} and the user icon', () => {
  it('lets a user change their own username and bio, and set and remove their avatar', async () => {
    const name = `dropin${run}`.slice(0, 30)
    expect((await v2(`/user/${owner.id}`, { method: 'PATCH', auth: pat, body: { username: name, bio: 'Makes ores.', name: 'Ignored' } })).status).toBe(204)
    expect((await v2(`/user/${owner.id}`)).json()).toMatchObject({ username: name, bio: 'Makes ores.' })
    const icon = await v2(`/user/${owner.id}/icon?ext=png`, { method: 'PATCH', auth: pat, rawBody: (await tinyPng(24)) as unknown as string, headers: { 'content-type': 'image/png' } })
    expect(icon.status, icon.text).toBe(204)
    expect((await v2(`/user/${owner.id}`)).json<Json>().avatar_url).toEqual(expect.any(String))
    expect((await v2(`/user/${owner.id}/icon`, { method: 'DELETE', auth: pat })).status).toBe(204)
    expect((await v2(`/user/${owner.id}`)).json<Json>().avatar_url).toBeNull()
  })

  it('refuses another user, a role change by a non-admin, a token without USER_WRITE; an admin may', async () => {
    const other = await v2(`/user/${stranger.id}`, { method: 'PATCH', auth: pat, body: { bio: 'Hacked' } })
    expect([other.status, other.json<Json>().description]).toEqual([401, 'You do not have permission to edit this user!'])
    expect((await v2(`/user/${stranger.id}/icon`, { method: 'DELETE', auth: pat })).status).toBe(401)
    expect((await v2(`/user/${owner.id}`, { method: 'PATCH', auth: pat, body: { role: 'admin' } })).status).toBe(401)
    expect((await v2(`/user/${owner.id}`)).json<Json>().role).toBe('developer')
    const readOnly = await patFor(payload, owner, ['USER_READ'])
    expect((await v2(`/user/${owner.id}`, { method: 'PATCH', auth: readOnly, body: { bio: 'x' } })).status).toBe(401)
    const admin = await makeUser(payload, 'admin')
    const adminPat = await patFor(payload, admin, ['USER_WRITE'])
    expect((await v2(`/user/${stranger.id}`, { method: 'PATCH', auth: adminPat, body: { bio: 'Set by an admin.' } })).status).toBe(204)
    expect((await v2(`/user/${stranger.id}`)).json<Json>().bio).toBe('Set by an admin.')
  })
})

describe('license_id', () => {
  it('answers an unknown licence with labrinth’s 400, on create and on edit', async () => {
    const before = await count('projects')
    const res = await upload('/project', newProject({ license_id: 'Not-A-Licence' }), pat)
    expect(res.status, res.text).toBe(400)
    expect(res.json()).toMatchObject({ error: 'invalid_input', description: expect.stringMatching(/Invalid SPDX license identifier/) })
    expect(await count('projects')).toBe(before)
    const p = await made()
    const edit = await v2(`/project/${p.id}`, { method: 'PATCH', auth: pat, body: { license_id: 'Not-A-Licence' } })
    expect(edit.status, edit.text).toBe(400)
  })
})
