/** `/v2` lookups by file hash: algorithms, batch lookups, update checks, downloads, and bad hashes. */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeV2Project, makeVersion, sessionFor, v2, type MadeVersion } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let project: Project
let other: Project
let old: MadeVersion // fabric 1.20.1 release
let fabricNew: MadeVersion // fabric 1.21 beta
let forgeNew: MadeVersion // forge 1.21 release, newest
let draftNewest: MadeVersion
let otherVersion: MadeVersion
let hiddenVersion: MadeVersion
type Json = Record<string, unknown>
const unknownSha1 = 'f'.repeat(40)

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  project = await makeV2Project(w, 'approved')
  old = await makeVersion(payload, project, { versionNumber: '1.0', loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: '2024-01-01T00:00:00.000Z' })
  fabricNew = await makeVersion(payload, project, { versionNumber: '1.1', versionType: 'beta', loaders: ['fabric'], gameVersions: ['1.21'], datePublished: '2024-02-01T00:00:00.000Z' })
  forgeNew = await makeVersion(payload, project, { versionNumber: '1.2', loaders: ['forge'], gameVersions: ['1.21', '1.21.1'], datePublished: '2024-03-01T00:00:00.000Z' })
  draftNewest = await makeVersion(payload, project, { versionNumber: '2.0', status: 'draft', loaders: ['fabric'], gameVersions: ['1.21'], datePublished: '2024-04-01T00:00:00.000Z' })
  other = await makeV2Project(w, 'approved')
  otherVersion = await makeVersion(payload, other)
  const hidden = await makeV2Project(w, 'draft')
  hiddenVersion = await makeVersion(payload, hidden)
})

describe('GET /v2/version_file/{hash}', () => {
  it('finds the version by sha1 or sha512, the algorithm told from the length or given', async () => {
    for (const path of [`/version_file/${old.sha1}`, `/version_file/${old.sha512}`, `/version_file/${old.sha1}?algorithm=sha1`, `/version_file/${old.sha512}?algorithm=sha512`, `/version_file/${old.sha1.toUpperCase()}`]) {
      const res = await v2(path)
      expect(res.status, path).toBe(200)
      expect(res.json<Json>().id).toBe(old.id)
    }
  })

  it('accepts extra query parameters clients send (multiple=false)', async () => {
    expect((await v2(`/version_file/${old.sha1}?algorithm=sha1&multiple=false`)).status).toBe(200)
  })

  it('answers 404 with an empty body for unknown and hidden files', async () => {
    for (const hash of [unknownSha1, hiddenVersion.sha1, draftNewest.sha1]) {
      const res = await v2(`/version_file/${hash}`)
      expect(res.status).toBe(404)
      expect(res.text).toBe('')
    }
    expect((await v2(`/version_file/${draftNewest.sha1}`, { auth: await sessionFor(payload, w.users.owner) })).status).toBe(200)
  })

  it('answers 400 for a 41-character hash, an unknown algorithm, non-hex, or a length that does not fit the algorithm', async () => {
    const cases: [string, RegExp][] = [
      [`/version_file/${old.sha1}a`, /41-character/],
      [`/version_file/${old.sha1}?algorithm=md5`, /Unknown hash algorithm "md5"/],
      [`/version_file/${'z'.repeat(40)}`, /not a sha1 hash/],
      [`/version_file/${old.sha1}?algorithm=sha512`, /128 hexadecimal/],
      [`/version_file/${old.sha512}?algorithm=sha1`, /40 hexadecimal/],
      ['/version_file/abc', /3-character/],
    ]
    for (const [path, description] of cases) {
      const res = await v2(path)
      expect(res.status, path).toBe(400)
      expect(res.json<Json>()).toEqual({ error: 'invalid_input', description: expect.stringMatching(description) })
    }
  })
})

describe('GET /v2/version_file/{hash}/download', () => {
  it('redirects to the file', async () => {
    const res = await v2(`/version_file/${forgeNew.sha512}/download`)
    expect(res.status).toBe(302)
    const location = res.headers.get('location')!
    expect(location).toMatch(/^https?:\/\/.+\/api\/version-files\/file\/.+\.jar$/)
    const version = (await v2(`/version/${forgeNew.id}`)).json<{ files: { url: string }[] }>()
    expect(location).toBe(version.files[0].url)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect((await v2(`/version_file/${hiddenVersion.sha1}/download`)).status).toBe(404)
  })
})

describe('POST /v2/version_files', () => {
  it('maps each visible hash to its version and leaves out the rest', async () => {
    const res = await v2('/version_files', { body: { hashes: [old.sha1, otherVersion.sha1.toUpperCase(), hiddenVersion.sha1, unknownSha1], algorithm: 'sha1' } })
    expect(res.status).toBe(200)
    const map = res.json<Record<string, Json>>()
    expect(Object.keys(map).sort()).toEqual([old.sha1, otherVersion.sha1].sort())
    expect(map[old.sha1].id).toBe(old.id)
    expect(map[otherVersion.sha1].project_id).toBe(other.id)
  })

  it('tells sha512 from the length; an empty list is an empty map', async () => {
    const map = (await v2('/version_files', { body: { hashes: [fabricNew.sha512] } })).json<Record<string, Json>>()
    expect(Object.keys(map)).toEqual([fabricNew.sha512])
    expect((await v2('/version_files', { body: { hashes: [] } })).json()).toEqual({})
  })

  it('answers 400 for bad bodies and bad hashes, never 500', async () => {
    const cases: [string, RegExp][] = [
      ['not json', /not valid JSON/],
      ['{"hashes":"abc"}', /hashes/],
      ['{}', /"hashes" in the request body is required/],
      ['[]', /request body/],
      [JSON.stringify({ hashes: [old.sha1], algorithm: 'crc32' }), /Unknown hash algorithm/],
      [JSON.stringify({ hashes: [old.sha1, old.sha512] }), /not a sha1 hash/],
      [JSON.stringify({ hashes: [`${old.sha1}0`] }), /41-character/],
      [JSON.stringify({ hashes: [1, 2] }), /hashes/],
    ]
    for (const [rawBody, description] of cases) {
      const res = await v2('/version_files', { rawBody })
      expect(res.status, rawBody).toBe(400)
      expect(res.json<Json>()).toEqual({ error: 'invalid_input', description: expect.stringMatching(description) })
    }
  })
})

describe('POST /v2/version_file/project', () => {
  it('maps hashes to projects', async () => {
    const map = (await v2('/version_file/project', { body: { hashes: [old.sha1, otherVersion.sha1, hiddenVersion.sha1], algorithm: 'sha1' } })).json<Record<string, Json>>()
    expect(Object.keys(map).sort()).toEqual([old.sha1, otherVersion.sha1].sort())
    expect(map[old.sha1].id).toBe(project.id)
    expect(map[old.sha1].slug).toBe(project.slug)
  })
})

describe('update checks', () => {
  it('POST /version_file/{hash}/update picks the newest listed version matching the filters', async () => {
    const latest = async (body: Json) => (await v2(`/version_file/${old.sha1}/update`, { body })).json<Json>().id
    expect(await latest({})).toBe(forgeNew.id)
    expect(await latest({ loaders: ['fabric'] })).toBe(fabricNew.id)
    expect(await latest({ loaders: ['fabric'], version_types: ['release'] })).toBe(old.id)
    expect(await latest({ game_versions: ['1.20.1'] })).toBe(old.id)
    expect(await latest({ loaders: ['fabric', 'forge'], game_versions: ['1.21'] })).toBe(forgeNew.id)
    // Empty lists do not filter (a draft, even the newest, is never an update).
    expect(await latest({ loaders: [], game_versions: [] })).toBe(forgeNew.id)
    const none = await v2(`/version_file/${old.sha1}/update`, { body: { loaders: ['paper'] } })
    expect(none.status).toBe(404)
    expect(none.text).toBe('')
    const bad = await v2(`/version_file/${old.sha1}/update`, { body: { version_types: ['stable'] } })
    expect(bad.status).toBe(400)
    expect(bad.json<Json>().description).toMatch(/version_types/)
  })

  it('POST /version_files/update and /update_many answer per hash', async () => {
    const body = { hashes: [old.sha1, otherVersion.sha1, unknownSha1], algorithm: 'sha1', loaders: ['fabric'], game_versions: ['1.21'] }
    const one = (await v2('/version_files/update', { body })).json<Record<string, Json>>()
    expect(Object.keys(one).sort()).toEqual([old.sha1, otherVersion.sha1].sort())
    expect(one[old.sha1].id).toBe(fabricNew.id)
    expect(one[otherVersion.sha1].id).toBe(otherVersion.id)
    const many = (await v2('/version_files/update_many', { body })).json<Record<string, Json[]>>()
    expect(many[old.sha1].map((v) => v.id)).toEqual([fabricNew.id])
    expect((await v2('/version_files/update', { body: { hashes: [old.sha1], version_types: ['nightly'] } })).status).toBe(400)
  })
})

describe('POST /v2/version_files/update_individual', () => {
  it('applies each hash its own filters and answers hash → version, as /version_files/update', async () => {
    const body = {
      algorithm: 'sha1',
      hashes: [
        { hash: old.sha1, loaders: ['fabric'], game_versions: ['1.21'] },
        { hash: fabricNew.sha1, loaders: ['forge'] },
        { hash: forgeNew.sha1, loaders: ['fabric'], version_types: ['release'] },
        { hash: otherVersion.sha1, version_types: ['beta'] }, // none matches: left out
        { hash: hiddenVersion.sha1 },
        { hash: unknownSha1 },
      ],
    }
    const res = await v2('/version_files/update_individual', { body })
    expect(res.status).toBe(200)
    const map = res.json<Record<string, Json>>()
    expect(Object.keys(map).sort()).toEqual([old.sha1, fabricNew.sha1, forgeNew.sha1].sort())
    expect(map[old.sha1]).toMatchObject({ id: fabricNew.id, project_id: project.id, version_number: '1.1', loaders: ['fabric'] })
    expect(map[fabricNew.sha1].id).toBe(forgeNew.id)
    expect(map[forgeNew.sha1].id).toBe(old.id)
    // The same Version shape as /version_files/update.
    const same = (await v2('/version_files/update', { body: { hashes: [old.sha1], algorithm: 'sha1', loaders: ['fabric'], game_versions: ['1.21'] } })).json<Record<string, Json>>()
    expect(map[old.sha1]).toEqual(same[old.sha1])
  })

  it('tells the algorithm from the length, and answers 400 for bad bodies', async () => {
    const map = (await v2('/version_files/update_individual', { body: { hashes: [{ hash: old.sha512 }] } })).json<Record<string, Json>>()
    expect(map[old.sha512].id).toBe(forgeNew.id)
    for (const body of [{ hashes: [old.sha1] }, { hashes: [{ hash: old.sha1, version_types: ['nightly'] }] }, { hashes: [{ hash: 'abc' }] }, {}]) {
      const res = await v2('/version_files/update_individual', { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json<Json>().error).toBe('invalid_input')
    }
  })
})
