/** `/v2` versions: the LegacyVersion shape, project version lists with their filters, lookups by id or number. */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ids, makeV2Project, makeVersion, sessionFor, v2, VERSION_KEYS, type MadeVersion } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let project: Project
let hiddenProject: Project
let a: MadeVersion // 1.0.0 release, fabric, 1.20.1
let b: MadeVersion // 1.1.0 beta, fabric + forge, 1.21, featured
let c: MadeVersion // 2.0.0 release, forge, 1.21.1, with a sources jar
let draft: MadeVersion
let unlisted: MadeVersion
let dupOld: MadeVersion
let dupNew: MadeVersion
let hiddenVersion: MadeVersion
type Json = Record<string, unknown>

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  project = await makeV2Project(w, 'approved', { clientSide: 'required', serverSide: 'required' })
  a = await makeVersion(payload, project, { versionNumber: '1.0.0', versionType: 'release', loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: '2024-01-01T00:00:00.000Z', changelog: 'First' })
  b = await makeVersion(payload, project, { versionNumber: '1.1.0', versionType: 'beta', loaders: ['fabric', 'forge'], gameVersions: ['1.21'], featured: true, datePublished: '2024-02-01T00:00:00.000Z' })
  c = await makeVersion(payload, project, { versionNumber: '2.0.0', versionType: 'release', loaders: ['forge'], gameVersions: ['1.21.1'], datePublished: '2024-03-01T00:00:00.000Z' }, [{ fileType: 'sources-jar' }])
  draft = await makeVersion(payload, project, { versionNumber: '3.0.0', status: 'draft', datePublished: '2024-04-01T00:00:00.000Z' })
  unlisted = await makeVersion(payload, project, { versionNumber: '2.1.0', status: 'unlisted', datePublished: '2024-03-15T00:00:00.000Z' })
  dupOld = await makeVersion(payload, project, { versionNumber: 'dup', datePublished: '2023-01-01T00:00:00.000Z' })
  dupNew = await makeVersion(payload, project, { versionNumber: 'dup', datePublished: '2023-02-01T00:00:00.000Z' })
  hiddenProject = await makeV2Project(w, 'private')
  hiddenVersion = await makeVersion(payload, hiddenProject)
})

const list = async (query = '', auth?: string) => {
  const res = await v2(`/project/${project.slug}/version${query}`, { auth })
  expect(res.status, query).toBe(200)
  return res.json<Json[]>()
}

describe('GET /v2/version/{id}', () => {
  it('answers the exact LegacyVersion shape', async () => {
    const res = await v2(`/version/${c.id}`)
    expect(res.status).toBe(200)
    const v = res.json<Json>()
    expect(Object.keys(v).sort()).toEqual(VERSION_KEYS)
    expect(v).toMatchObject({
      id: c.id, project_id: project.id, featured: false, name: '2.0.0', version_number: '2.0.0', changelog: '', changelog_url: null,
      date_published: '2024-03-01T00:00:00.000Z', downloads: 0, version_type: 'release', status: 'listed', requested_status: null,
      dependencies: [], game_versions: ['1.21.1'], loaders: ['forge'], environment: 'client_and_server',
    })
    const files = v.files as Json[]
    expect(files).toHaveLength(2)
    expect(files[0]).toMatchObject({ hashes: { sha1: c.sha1, sha512: c.sha512 }, primary: true, size: c.file.length, file_type: null })
    expect(files[1]).toMatchObject({ primary: false, file_type: 'sources-jar' })
    expect(Object.keys(files[0]).sort()).toEqual(['file_type', 'filename', 'hashes', 'id', 'primary', 'size', 'url'])
    expect(files[0].url).toMatch(/^https?:\/\/.+\/api\/version-files\/file\/.+\.jar$/)
  })

  it('serves unlisted versions by id, hides drafts and versions of hidden projects', async () => {
    expect((await v2(`/version/${unlisted.id}`)).status).toBe(200)
    for (const id of [draft.id, hiddenVersion.id, 'NoSuchVs']) {
      const res = await v2(`/version/${id}`)
      expect(res.status).toBe(404)
      expect(res.text).toBe('')
    }
    expect((await v2(`/version/${draft.id}`, { auth: await sessionFor(payload, w.users.memberNoBits) })).status).toBe(200)
  })
})

describe('GET /v2/versions?ids=[…]', () => {
  it('returns the visible versions in the order asked', async () => {
    const res = await v2(`/versions?ids=${ids([b.id, hiddenVersion.id, a.id, draft.id])}`)
    expect(res.json<Json[]>().map((v) => v.id)).toEqual([b.id, a.id])
  })
  it('answers 400 for a malformed list', async () => {
    const res = await v2('/versions?ids=["a",')
    expect(res.status).toBe(400)
    expect(res.json()).toMatchObject({ error: 'invalid_input' })
  })
})

describe('GET /v2/project/{id}/version', () => {
  it('lists the listed versions newest first (drafts and unlisted versions only for the team)', async () => {
    expect((await list()).map((v) => v.version_number)).toEqual(['2.0.0', '1.1.0', '1.0.0', 'dup', 'dup'])
    const owner = await sessionFor(payload, w.users.owner)
    expect((await list('', owner)).map((v) => v.version_number)).toEqual(['3.0.0', '2.1.0', '2.0.0', '1.1.0', '1.0.0', 'dup', 'dup'])
  })

  it('filters by loaders, game versions, version type and featured', async () => {
    const q = (s: Record<string, string>) => `?${new URLSearchParams(s)}`
    expect((await list(q({ loaders: '["forge"]' }))).map((v) => v.id)).toEqual([c.id, b.id])
    expect((await list(q({ loaders: '["fabric"]', game_versions: '["1.21"]' }))).map((v) => v.id)).toEqual([b.id, dupNew.id, dupOld.id])
    expect((await list(q({ game_versions: '["1.20.1","1.21.1"]' }))).map((v) => v.id)).toEqual([c.id, a.id])
    expect((await list(q({ version_type: 'beta' }))).map((v) => v.id)).toEqual([b.id])
    expect((await list(q({ featured: 'true' }))).map((v) => v.id)).toEqual([b.id])
    expect((await list(q({ featured: 'false' }))).map((v) => v.id)).not.toContain(b.id)
  })

  it('pages with limit and offset, and leaves changelogs out on request', async () => {
    expect((await list('?limit=2')).map((v) => v.id)).toEqual([c.id, b.id])
    expect((await list('?limit=2&offset=2')).map((v) => v.id)).toEqual([a.id, dupNew.id])
    const [first] = await list('?limit=1&include_changelog=false')
    expect(first).not.toHaveProperty('changelog')
    expect((await list('?limit=1&include_changelog=true'))[0]).toHaveProperty('changelog', '')
  })

  it('answers 400 for bad filters, 404 for a hidden project', async () => {
    for (const query of ['?loaders=fabric', '?loaders=["fabric"', '?game_versions={}', '?version_type=stable', '?featured=yes', '?limit=-1', '?limit=ten', '?offset=1.5', '?include_changelog=0']) {
      const res = await v2(`/project/${project.id}/version${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json<{ error: string; description: string }>().description.length).toBeGreaterThan(10)
    }
    const res = await v2(`/project/${hiddenProject.id}/version`)
    expect(res.status).toBe(404)
    expect(res.text).toBe('')
  })
})

describe('GET /v2/project/{id}/version/{id|number}', () => {
  it('finds a version by id or by number (the oldest of equal numbers)', async () => {
    expect((await v2(`/project/${project.id}/version/${b.id}`)).json<Json>().id).toBe(b.id)
    expect((await v2(`/project/${project.slug}/version/1.0.0`)).json<Json>().id).toBe(a.id)
    expect((await v2(`/project/${project.slug}/version/dup`)).json<Json>().id).toBe(dupOld.id)
  })
  it('answers 404 for versions outside the listing and for other projects', async () => {
    for (const key of ['3.0.0', draft.id, hiddenVersion.id, '9.9.9']) {
      const res = await v2(`/project/${project.id}/version/${key}`)
      expect(res.status, key).toBe(404)
      expect(res.text).toBe('')
    }
  })
})
