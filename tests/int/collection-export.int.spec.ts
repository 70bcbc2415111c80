/**
 * A collection taken out (issue 14 item 6): the .mrpack lists each project's best version for the
 * choice with the stored file's hashes, the zip holds the files themselves, both as the viewer may
 * see them (a private collection is its owner's; a hidden project or version never goes in); the
 * collection's and a user's Atom feeds list new versions and nothing hidden.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { strFromU8, unzipSync } from 'fflate'
import { XMLParser } from 'fast-xml-parser'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { GET as modpackRoute } from '../../src/app/(frontend)/collection/[id]/export.mrpack/route'
import { GET as zipRoute } from '../../src/app/(frontend)/collection/[id]/download.zip/route'
import { GET as collectionFeedRoute } from '../../src/app/(frontend)/collection/[id]/feed.atom/route'
import { GET as userFeedRoute } from '../../src/app/(frontend)/user/[id]/feed.atom/route'
import type { ModpackIndex } from '../../src/lib/collections/modpack'
import { mediaDir } from '../../src/lib/paths'
import type { Project, User } from '../../src/payload-types'
import { testJar } from '../helpers/jar'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let n = 0
const sha = (algo: 'sha1' | 'sha512', b: Uint8Array) => createHash(algo).update(b).digest('hex')

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

async function version(project: Project, v: { number: string; type?: 'release' | 'beta' | 'alpha'; game?: string[]; loaders?: string[]; status?: 'listed' | 'draft'; published: string }) {
  const doc = await payload.create({
    collection: 'versions',
    data: { project: project.id, versionNumber: `${v.number}-${++n}`, versionType: v.type ?? 'release', gameVersions: v.game ?? ['1.21'], loaders: v.loaders ?? ['fabric'], status: v.status ?? 'listed', datePublished: v.published, changelog: `Changes in ${v.number}` },
    overrideAccess: true,
    depth: 0,
  })
  const data = testJar(`export-${n}`)
  const file = await payload.create({ collection: 'version-files', data: { version: doc.id, primary: true }, file: { data, mimetype: 'application/java-archive', name: `export-${n}-${Date.now()}.jar`, size: data.length }, overrideAccess: true })
  return { doc, file }
}

async function collectionOf(owner: User, projects: Project[], visibility: 'public' | 'unlisted' | 'private' = 'public') {
  return payload.create({ collection: 'user-collections', data: { name: `Picks ${++n}`, owner: owner.id, projects: projects.map((p) => p.id), visibility }, overrideAccess: true })
}

const ctx = (id: string) => ({ params: Promise.resolve({ id }) })
/** As a browser asks: the session cookie (site routes read no Authorization header). */
const get = (url: string, token?: string) => new Request(`http://localhost${url}`, { headers: token ? { cookie: `payload-token=${token}`, 'sec-fetch-site': 'same-origin' } : {} })
const login = async (user: User) => (await payload.login({ collection: 'users', data: { email: user.email ?? '', password: 'test-password-1' } })).token!

describe('the .mrpack', () => {
  it('lists the newest release of each project for the game version and loader, with the stored file’s hashes and URL', async () => {
    const [a, b, hidden] = [await w.makeProject('approved'), await w.makeProject('approved'), await w.makeProject('draft')]
    const aOld = await version(a, { number: '1.0', published: '2026-01-01' })
    const aNew = await version(a, { number: '1.1', published: '2026-02-01' })
    await version(a, { number: '1.2-alpha', type: 'alpha', published: '2026-03-01' })
    await version(a, { number: '1.3-forge', loaders: ['forge'], published: '2026-04-01' })
    await version(a, { number: '1.4-draft', status: 'draft', published: '2026-05-01' })
    const bBeta = await version(b, { number: '2.0-beta', type: 'beta', published: '2026-01-15' })
    await version(b, { number: '1.9-old-game', game: ['1.20.1'], published: '2026-02-15' })
    await version(hidden, { number: '9.9', published: '2026-01-01' })
    const c = await collectionOf(w.users.stranger, [a, b, hidden])

    const res = await modpackRoute(get(`/collection/${c.id}/export.mrpack?game_version=1.21&loader=fabric`), ctx(c.id))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/x-modrinth-modpack+zip')
    expect(res.headers.get('content-disposition')).toContain('.mrpack')
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()))
    const index = JSON.parse(strFromU8(entries['modrinth.index.json']!)) as ModpackIndex
    expect(index).toMatchObject({ formatVersion: 1, game: 'minecraft', name: c.name, dependencies: { minecraft: '1.21', 'fabric-loader': '0.16.9' } })
    expect(index.files.map((f) => f.path)).toEqual([`mods/${aNew.file.filename}`, `mods/${bBeta.file.filename}`])
    for (const f of index.files) {
      const bytes = await readFile(path.join(mediaDir(), 'files', f.path.slice('mods/'.length)))
      expect(f.hashes).toEqual({ sha1: sha('sha1', bytes), sha512: sha('sha512', bytes) })
      expect(f.fileSize).toBe(bytes.length)
      expect(f.downloads[0]).toMatch(new RegExp(`/api/version-files/file/${encodeURIComponent(f.path.slice(5))}$`))
    }
    expect(aOld.file.filename).not.toBe(aNew.file.filename)
  })

  it('is 404 to all but its owner when the collection is private, and explains a missing choice', async () => {
    const p = await w.makeProject('approved')
    await version(p, { number: '1.0', published: '2026-01-01' })
    const mine = await collectionOf(w.users.stranger, [p], 'private')
    expect((await modpackRoute(get(`/collection/${mine.id}/export.mrpack?game_version=1.21&loader=fabric`), ctx(mine.id))).status).toBe(404)
    expect((await modpackRoute(get(`/collection/${mine.id}/export.mrpack?game_version=1.21&loader=fabric`, await login(w.users.member)), ctx(mine.id))).status).toBe(404)
    expect((await modpackRoute(get(`/collection/${mine.id}/export.mrpack?game_version=1.21&loader=fabric`, await login(w.users.stranger)), ctx(mine.id))).status).toBe(200)
    const missing = await modpackRoute(get(`/collection/${mine.id}/export.mrpack?loader=forge`, await login(w.users.stranger)), ctx(mine.id))
    expect(missing.status).toBe(400)
    expect(await missing.text()).toContain('Choose a game version and the loader version')
    const none = await modpackRoute(get(`/collection/${mine.id}/export.mrpack?game_version=1.20.1&loader=fabric`, await login(w.users.stranger)), ctx(mine.id))
    expect(none.status).toBe(404)
    expect(await none.text()).toBe('No project in this collection has a version for this game version and loader.')
  })
})

describe('download all', () => {
  it('zips the chosen files themselves, byte for byte, in their game folders', async () => {
    const [mod, pack] = [await w.makeProject('approved'), await w.makeProject('approved')]
    await payload.update({ collection: 'projects', id: pack.id, data: { projectType: 'resourcepack' }, overrideAccess: true })
    const m = await version(mod, { number: '3.0', published: '2026-01-01' })
    const r = await version(pack, { number: '1.0', loaders: ['minecraft'], published: '2026-01-01' })
    const c = await collectionOf(w.users.stranger, [mod, pack])
    const res = await zipRoute(get(`/collection/${c.id}/download.zip?game_version=1.21&loader=fabric`), ctx(c.id))
    expect(res.status).toBe(200)
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual([`mods/${m.file.filename}`, `resourcepacks/${r.file.filename}`].sort())
    const stored = await readFile(path.join(mediaDir(), 'files', m.file.filename!))
    expect(sha('sha1', files[`mods/${m.file.filename}`]!)).toBe(sha('sha1', stored))
  })
})

describe('update feeds', () => {
  type Entry = { title: string | { '#text': string } }
  const parse = async (res: Response) => new XMLParser({ ignoreAttributes: false }).parse(await res.text()) as { feed: { entry?: Entry | Entry[] } }
  const titles = (feed: { entry?: Entry | Entry[] }) => [feed.entry ?? []].flat().map((e) => (typeof e.title === 'string' ? e.title : e.title['#text']))

  it('list new versions of a collection’s projects, never hidden ones; a private collection has no feed', async () => {
    const [p, hidden] = [await w.makeProject('approved'), await w.makeProject('draft')]
    const v = await version(p, { number: '5.0', published: '2026-06-01' })
    await version(p, { number: '5.1-draft', status: 'draft', published: '2026-06-02' })
    await version(hidden, { number: '1.0', published: '2026-06-03' })
    const c = await collectionOf(w.users.stranger, [p, hidden], 'unlisted')
    const res = await collectionFeedRoute(get(`/collection/${c.id}/feed.atom`), ctx(c.id))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/atom+xml')
    const feed = (await parse(res)).feed
    expect(titles(feed)).toEqual([`${p.title} ${v.doc.versionNumber}`])
    const priv = await collectionOf(w.users.stranger, [p], 'private')
    expect((await collectionFeedRoute(get(`/collection/${priv.id}/feed.atom`), ctx(priv.id))).status).toBe(404)
  })

  it('list new versions of the projects a user is on the team of', async () => {
    const p = await w.makeProject('approved')
    const v = await version(p, { number: '7.0', published: '2026-07-01' })
    const res = await userFeedRoute(get(`/user/${w.users.owner.username}/feed.atom`), ctx(w.users.owner.username))
    expect(res.status).toBe(200)
    expect(titles((await parse(res)).feed)).toContain(`${p.title} ${v.doc.versionNumber}`)
    expect((await userFeedRoute(get('/user/nobody-here-at-all/feed.atom'), ctx('nobody-here-at-all'))).status).toBe(404)
  })
})
