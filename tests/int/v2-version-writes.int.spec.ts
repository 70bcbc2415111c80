/**
 * The `/v2` version write side (issue 13 item 7): a personal access token creates a version with
 * its files (multipart, streamed to disk, hashed), edits it, adds files, picks the primary file and
 * deletes it — within its scopes and the member's bits; every refusal leaves nothing behind.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'

import { strToU8, zipSync } from 'fflate'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { DELETE, GET, PATCH, POST } from '../../src/app/v2/[...path]/route'
import { mediaDir } from '../../src/lib/paths'
import type { Project, User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { patFor, v2 } from '../helpers/v2'
import { testJar } from '../helpers/jar'

let payload: Payload
let owner: User & { collection: 'users' }
let stranger: User & { collection: 'users' }
let project: Project
let pat: string
type Json = Record<string, unknown> & { id: string; files: { filename: string; primary: boolean; hashes: { sha1: string; sha512: string }; file_type: string | null }[] }

const handlers = { GET, POST, PATCH, DELETE } as const
let ip = 0
async function multipart(pathName: string, data: unknown, files: Record<string, { name: string; bytes: Buffer }>, auth: string, method: 'POST' = 'POST') {
  ip += 1
  const form = new FormData()
  if (data !== undefined) form.append('data', JSON.stringify(data))
  for (const [part, f] of Object.entries(files)) form.append(part, new Blob([new Uint8Array(f.bytes)], { type: 'application/java-archive' }), f.name)
  const res = await handlers[method](new Request(`http://localhost/v2${pathName}`, { method, body: form, headers: { authorization: auth, 'x-forwarded-for': `10.88.${(ip >> 8) & 255}.${ip & 255}` } }))
  const text = await res.text()
  return { status: res.status, text, json: <T = Json>() => JSON.parse(text) as T }
}

const jar = (label: string) => ({ name: `${label}.jar`, bytes: testJar(label) })
const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex')
let n = 0
const versionData = (extra: Record<string, unknown> = {}) => ({ project_id: project.slug, version_number: `1.${++n}.0`, name: 'Release', changelog: 'Fixes', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: false, dependencies: [], file_parts: ['file'], ...extra })
const storedFiles = async () => (await readdir(path.join(mediaDir(), 'files')).catch(() => [])).length
const versionCount = async () => (await payload.count({ collection: 'versions', where: { project: { equals: project.id } }, overrideAccess: true })).totalDocs

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  owner = await makeUser(payload)
  stranger = await makeUser(payload)
  project = await payload.create({ collection: 'projects', data: { slug: `writes-${Date.now().toString(36)}`, title: 'Writes', summary: 'A project for the v2 write tests.', projectType: 'mod' }, user: owner, overrideAccess: false })
  pat = await patFor(payload, owner, ['VERSION_CREATE', 'VERSION_WRITE', 'VERSION_DELETE', 'VERSION_READ', 'PROJECT_READ'])
})
afterEach(() => {
  delete process.env.MAX_VERSION_FILE_MB
})

describe('creating a version', () => {
  it('stores every file with its hashes, marks the primary one, and answers the version', async () => {
    const a = jar('main')
    const b = jar('sources')
    const res = await multipart('/version', versionData({ file_parts: ['file', 'src'], primary_file: 'src', file_types: { src: 'sources-jar' } }), { file: a, src: b }, pat)
    expect(res.status, res.text).toBe(200)
    const version = res.json()
    expect(version).toMatchObject({ project_id: project.id, name: 'Release', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], status: 'listed' })
    const byName = Object.fromEntries(version.files.map((f) => [f.filename, f]))
    expect(byName['main.jar']).toMatchObject({ primary: false, hashes: { sha1: sha1(a.bytes) } })
    expect(byName['sources.jar']).toMatchObject({ primary: true, file_type: 'sources-jar', hashes: { sha1: sha1(b.bytes) } })
    expect((await v2(`/version/${version.id}`, { auth: pat })).status).toBe(200)
    expect((await v2(`/version_file/${sha1(a.bytes)}`, { auth: pat })).json<{ id: string }>().id).toBe(version.id)
  })

  it('refuses bad input with a clear message and leaves no version and no file behind', async () => {
    const before = { versions: await versionCount(), files: await storedFiles() }
    const taken = jar('taken')
    const takenData = versionData()
    expect((await multipart('/version', takenData, { file: taken }, pat)).status).toBe(200)
    const other = await payload.create({ collection: 'projects', data: { slug: `other-${Date.now().toString(36)}`, title: 'Other', summary: 'Another project of the same owner.', projectType: 'mod' }, user: owner, overrideAccess: false })
    const afterOne = { versions: await versionCount(), files: await storedFiles() }
    expect(afterOne.versions).toBe(before.versions + 1)

    const cases: [string, unknown, Record<string, { name: string; bytes: Buffer }>, RegExp][] = [
      ['a part named but not sent', versionData({ file_parts: ['file', 'missing'] }), { file: jar('x1') }, /"missing".*was not sent/],
      ['no game version', versionData({ game_versions: [] }), { file: jar('x2') }, /game version/],
      ['an unknown loader', versionData({ loaders: ['nope'] }), { file: jar('x3') }, /loader/i],
      ['a version number too long', versionData({ version_number: 'x'.repeat(33) }), { file: jar('x4') }, /32/],
      ['an empty file', versionData(), { file: { name: 'empty.jar', bytes: Buffer.alloc(0) } }, /empty/],
      ['a .jar that is not a zip', versionData(), { file: { name: 'fake.jar', bytes: Buffer.from('PK-only-pretending') } }, /not a valid archive/],
      ['a zip-slip entry', versionData(), { file: { name: 'slip.jar', bytes: Buffer.from(zipSync({ 'fabric.mod.json': strToU8('{}'), '../../mods/evil.jar': strToU8('x') })) } }, /unsafe path/],
      // The second file is already published under another project: the first, stored already, goes again.
      ['a file of another project', { ...versionData({ file_parts: ['file', 'dup'] }), project_id: other.id }, { file: jar('fresh'), dup: taken }, /Duplicate files are not allowed/],
    ]
    for (const [label, data, files, message] of cases) {
      const res = await multipart('/version', data, files, pat)
      expect(res.status, label).toBe(400)
      expect(res.json<{ error: string; description: string }>(), label).toMatchObject({ error: 'invalid_input', description: expect.stringMatching(message) })
    }
    const dupNumber = await multipart('/version', versionData({ version_number: takenData.version_number }), { file: jar('again') }, pat)
    expect(dupNumber.status).toBe(400)
    process.env.MAX_VERSION_FILE_MB = '0.001'
    const big = await multipart('/version', versionData(), { file: { name: 'big.jar', bytes: randomBytes(4096) } }, pat)
    expect(big.status).toBe(400)
    expect(big.json<{ description: string }>().description).toMatch(/File too large/)

    expect(await versionCount()).toBe(afterOne.versions)
    expect((await payload.count({ collection: 'versions', where: { project: { equals: other.id } }, overrideAccess: true })).totalDocs).toBe(0)
    expect(await storedFiles()).toBe(afterOne.files)
  })

  it('binds to scopes and bits: a token without VERSION_CREATE is 401, a stranger may not upload (nothing made)', async () => {
    const before = await versionCount()
    const readOnly = await patFor(payload, owner, ['VERSION_READ', 'PROJECT_READ'])
    expect((await multipart('/version', versionData(), { file: jar('s1') }, readOnly)).status).toBe(401)
    const strangerPat = await patFor(payload, stranger, ['VERSION_CREATE', 'PROJECT_READ'])
    expect([401, 404]).toContain((await multipart('/version', versionData(), { file: jar('s2') }, strangerPat)).status)
    expect((await multipart('/version', versionData(), { file: jar('s3') }, '')).status).toBe(401)
    expect(await versionCount()).toBe(before)
  })
})

describe('changing a version', () => {
  it('edits fields, sets file types and the primary file by hash, adds files, and deletes it', async () => {
    const a = jar('edit-a')
    const created = (await multipart('/version', versionData(), { file: a }, pat)).json()
    const b = jar('edit-b')
    const added = await multipart(`/version/${created.id}/file`, { file_types: { extra: 'dev-jar' } }, { extra: b }, pat)
    expect(added.status, added.text).toBe(204)

    const patch = await v2(`/version/${created.id}`, { method: 'PATCH', auth: pat, body: { name: 'Renamed', version_type: 'beta', changelog: 'More fixes', primary_file: ['sha1', sha1(b.bytes)], file_types: [{ algorithm: 'sha1', hash: sha1(a.bytes), file_type: 'unknown' }] } })
    expect(patch.status, patch.text).toBe(204)
    const after = (await v2(`/version/${created.id}`, { auth: pat })).json<Json>()
    expect(after).toMatchObject({ name: 'Renamed', version_type: 'beta' })
    const byName = Object.fromEntries(after.files.map((f) => [f.filename, f]))
    expect(byName['edit-b.jar']).toMatchObject({ primary: true, file_type: 'dev-jar' })
    expect(byName['edit-a.jar']).toMatchObject({ primary: false, file_type: 'unknown' })

    expect((await v2(`/version/${created.id}`, { method: 'PATCH', auth: pat, body: { primary_file: ['sha1', 'f'.repeat(40)] } })).status).toBe(400)
    const strangerPat = await patFor(payload, stranger, ['VERSION_WRITE', 'VERSION_DELETE', 'VERSION_READ'])
    expect([401, 404]).toContain((await v2(`/version/${created.id}`, { method: 'PATCH', auth: strangerPat, body: { name: 'Hijacked' } })).status)
    expect([401, 404]).toContain((await v2(`/version/${created.id}`, { method: 'DELETE', auth: strangerPat })).status)
    expect((await v2(`/version/${created.id}`, { auth: pat })).json<Json>().name).toBe('Renamed')

    expect((await v2(`/version/${created.id}`, { method: 'DELETE', auth: pat })).status).toBe(204)
    expect((await v2(`/version/${created.id}`, { auth: pat })).status).toBe(404)
    expect((await v2(`/version_file/${sha1(a.bytes)}`, { auth: pat })).status).toBe(404)
  })
})
