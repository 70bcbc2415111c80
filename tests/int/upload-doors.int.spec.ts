/**
 * Issue 27, item 3 ("Files stay where they belong"), rows C3 and C4: upload metadata (`filename`,
 * `sizes.*`, `url`, `mimeType`, `filesize`, dimensions) is the site's, written from the uploaded file
 * and never from a request body; every path that reads or unlinks a stored file stays inside its
 * folder; a delete removes only the files of the document deleted. Through REST and GraphQL, as an
 * outsider with a fresh account and a project of their own.
 */
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { mediaDir } from '../../src/lib/paths'
import type { Image, Project, User, VersionFile } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { api, gql } from '../helpers/http'
import { testJar } from '../helpers/jar'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeVersion, sessionFor } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'

let w: World
let n = 0
const uniq = (p: string) => `${p}-${++n}-${Date.now().toString(36)}`

beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

const imagesDir = () => path.join(mediaDir(), 'images')
const filesDir = () => path.join(mediaDir(), 'files')
const onDisk = (dir: string, name: string | null | undefined) => !!name && existsSync(path.join(dir, name))

/** What the site stored about a document's file: compared before and after an attempt. */
const FILE_FIELDS = ['filename', 'url', 'mimeType', 'filesize', 'width', 'height', 'sizes'] as const
async function storedFile(collection: 'images' | 'version-files', id: string): Promise<Record<string, unknown>> {
  const doc = (await w.payload.findByID({ collection, id, depth: 0, overrideAccess: true })) as unknown as Record<string, unknown>
  return Object.fromEntries(FILE_FIELDS.filter((f) => f in doc).map((f) => [f, doc[f]]))
}

type Attacker = { user: User & { collection: 'users' }; auth: string; project: Project }
/** An outsider with a fresh account and a project of their own (they own its team). */
async function attacker(): Promise<Attacker> {
  const user = await makeUser(w.payload)
  const project = await w.payload.create({ collection: 'projects', data: { slug: uniq('own'), title: 'My Own Project', summary: 'The attacker’s own project.', projectType: 'mod' }, user, overrideAccess: true })
  return { user, auth: await sessionFor(w.payload, user), project }
}

async function imageOf(uploader: string, name = `${uniq('img')}.png`, data?: Buffer): Promise<Image> {
  const bytes = data ?? (await tinyPng(200))
  const mimetype = name.endsWith('.jpg') ? 'image/jpeg' : 'image/png'
  return w.payload.create({ collection: 'images', data: { kind: 'other', uploader }, file: { data: bytes, mimetype, name, size: bytes.length }, overrideAccess: true })
}

async function versionFileIn(project: Project): Promise<VersionFile> {
  const version = await makeVersion(w.payload, project)
  return (await w.payload.find({ collection: 'version-files', where: { version: { equals: version.id } }, overrideAccess: true, depth: 0 })).docs[0]!
}

/** A victim: a hidden (draft) project of someone else, with a file, and an image with its sizes. */
async function victim(): Promise<{ file: VersionFile; image: Image }> {
  const project = await w.makeProject('draft')
  const file = await versionFileIn(project)
  const image = await imageOf(w.users.owner.id)
  expect(onDisk(filesDir(), file.filename)).toBe(true)
  expect(onDisk(imagesDir(), image.sizes?.icon?.filename)).toBe(true)
  return { file, image }
}

const expectNoServerError = (res: { status: number; text: string }, what: string) => expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500)

describe('C3: deleting arbitrary files on the server', () => {
  it('C3: an image renamed to ../<target> through REST, then deleted, leaves the target on disk', async () => {
    const a = await attacker()
    const { file } = await victim()
    const outside = path.join(path.dirname(mediaDir()), `${uniq('c3-outside')}.txt`)
    await writeFile(outside, 'not yours')
    for (const filename of [`../files/${file.filename}`, `../../${path.basename(outside)}`]) {
      const own = await imageOf(a.user.id)
      const before = await storedFile('images', own.id)
      const patched = await api('PATCH', `/images/${own.id}`, { auth: a.auth, body: { filename } })
      expectNoServerError(patched, filename)
      expect(await storedFile('images', own.id), filename).toEqual(before)
      const deleted = await api('DELETE', `/images/${own.id}`, { auth: a.auth })
      expect(deleted.status, deleted.text).toBe(200)
      expect(onDisk(imagesDir(), own.filename), 'the own file goes').toBe(false)
    }
    expect(onDisk(filesDir(), file.filename)).toBe(true)
    expect(existsSync(outside)).toBe(true)
  })

  it('C3: a version file renamed to ../<target> through REST or GraphQL, then deleted, leaves the target on disk', async () => {
    const a = await attacker()
    const { image } = await victim()
    const target = `../images/${image.filename}`
    const viaRest = await versionFileIn(a.project)
    const before = await storedFile('version-files', viaRest.id)
    expectNoServerError(await api('PATCH', `/version-files/${viaRest.id}`, { auth: a.auth, body: { filename: target } }), 'REST')
    expect(await storedFile('version-files', viaRest.id)).toEqual(before)
    expect((await api('DELETE', `/version-files/${viaRest.id}`, { auth: a.auth })).status).toBe(200)

    const viaGraphQL = await versionFileIn(a.project)
    const beforeGql = await storedFile('version-files', viaGraphQL.id)
    const res = await gql('mutation($id: String!, $data: mutationVersionFileUpdateInput!) { updateVersionFile(id: $id, data: $data) { id filename } }', { id: viaGraphQL.id, data: { filename: target } }, a.auth)
    expectNoServerError(res, 'GraphQL')
    expect(await storedFile('version-files', viaGraphQL.id)).toEqual(beforeGql)
    const removed = await gql('mutation($id: String!) { deleteVersionFile(id: $id) { id } }', { id: viaGraphQL.id }, a.auth)
    expect(removed.errors).toBeUndefined()

    expect(onDisk(imagesDir(), image.filename)).toBe(true)
    expect(onDisk(filesDir(), viaRest.filename)).toBe(false)
  })

  it('C3: an image renamed through GraphQL, then deleted through GraphQL, leaves the target on disk', async () => {
    const a = await attacker()
    const { file } = await victim()
    const own = await imageOf(a.user.id)
    const before = await storedFile('images', own.id)
    const res = await gql('mutation($id: String!, $data: mutationImageUpdateInput!) { updateImage(id: $id, data: $data) { id filename } }', { id: own.id, data: { filename: `../files/${file.filename}` } }, a.auth)
    expectNoServerError(res, 'update')
    expect(await storedFile('images', own.id)).toEqual(before)
    const removed = await gql('mutation($id: String!) { deleteImage(id: $id) { id } }', { id: own.id }, a.auth)
    expect(removed.errors).toBeUndefined()
    expect(onDisk(filesDir(), file.filename)).toBe(true)
  })

  it('C3: a stored name from before the fix that leaves the folder is refused on delete with a 400, and nothing is removed', async () => {
    const a = await attacker()
    const { file } = await victim()
    const target = path.join(mediaDir(), `${uniq('c3-legacy')}.txt`)
    await writeFile(target, 'not yours')
    const own = await imageOf(a.user.id)
    const ownFile = await versionFileIn(a.project)
    // Written straight into the tables, as an attack before this fix left them.
    await w.payload.db.updateOne({ collection: 'images', id: own.id, data: { filename: `../${path.basename(target)}` } })
    await w.payload.db.updateOne({ collection: 'version-files', id: ownFile.id, data: { filename: `./${file.filename}` } })
    for (const [collection, id] of [['images', own.id], ['version-files', ownFile.id]] as const) {
      const res = await api('DELETE', `/${collection}/${id}`, { auth: a.auth })
      expect(res.status, res.text).toBe(400)
      expect((res.body as { errors: { message: string }[] }).errors[0].message).toMatch(/file name/i)
    }
    expect(existsSync(target)).toBe(true)
    expect(onDisk(filesDir(), file.filename)).toBe(true)
    expect(onDisk(imagesDir(), own.sizes?.icon?.filename)).toBe(true)
    // Nor can its file be replaced (Payload would unlink the old one first), or read by that name.
    const form = new FormData()
    form.set('_payload', JSON.stringify({}))
    form.set('file', new Blob([new Uint8Array(testJar(uniq('other')))]), `${uniq('other')}.jar`)
    const replaced = await api('PATCH', `/version-files/${ownFile.id}`, { auth: a.auth, form })
    expect(replaced.status, replaced.text).toBe(400)
    expect(onDisk(filesDir(), file.filename)).toBe(true)
  })
})

describe('C4: reading and deleting someone else’s file', () => {
  it('C4: a version file renamed to ./<victim>.jar cannot download the victim’s private file, and its delete leaves it', async () => {
    const a = await attacker()
    const { file } = await victim()
    const own = await versionFileIn(a.project)
    const before = await storedFile('version-files', own.id)
    for (const filename of [`./${file.filename}`, file.filename]) {
      expectNoServerError(await api('PATCH', `/version-files/${own.id}`, { auth: a.auth, body: { filename } }), filename!)
      const res = await gql('mutation($id: String!, $data: mutationVersionFileUpdateInput!) { updateVersionFile(id: $id, data: $data) { id } }', { id: own.id, data: { filename } }, a.auth)
      expectNoServerError(res, `GraphQL ${filename}`)
    }
    expect(await storedFile('version-files', own.id)).toEqual(before)

    const dotted = await api('GET', `/version-files/file/${encodeURIComponent(`./${file.filename}`)}`, { auth: a.auth })
    expect(dotted.status, dotted.text).toBe(400)
    const direct = await api('GET', `/version-files/file/${encodeURIComponent(file.filename!)}`, { auth: a.auth })
    expect(direct.status).toBe(404)
    // The attacker's own file still downloads.
    expect((await api('GET', `/version-files/file/${encodeURIComponent(own.filename!)}`, { auth: a.auth })).status).toBe(200)

    expect((await api('DELETE', `/version-files/${own.id}`, { auth: a.auth })).status).toBe(200)
    expect(onDisk(filesDir(), file.filename)).toBe(true)
    expect(onDisk(filesDir(), own.filename)).toBe(false)
  })

  it('C4: an image’s sizes.<size>.filename pointed at other files is not stored (REST and GraphQL), and the delete leaves those files', async () => {
    const a = await attacker()
    const { file, image } = await victim()
    // Complete sizes (with a type each), as Payload's validation would take them.
    const size = (filename: string) => ({ filename, mimeType: 'image/webp', width: 96, height: 96, filesize: 10 })
    const sizes = { icon: size(image.sizes!.icon!.filename!), card: size(`../files/${file.filename}`), large: size(image.filename!) }
    const viaRest = await imageOf(a.user.id)
    const viaGraphQL = await imageOf(a.user.id)
    const beforeRest = await storedFile('images', viaRest.id)
    const beforeGql = await storedFile('images', viaGraphQL.id)
    expectNoServerError(await api('PATCH', `/images/${viaRest.id}`, { auth: a.auth, body: { sizes } }), 'REST')
    const res = await gql('mutation($id: String!, $data: mutationImageUpdateInput!) { updateImage(id: $id, data: $data) { id } }', { id: viaGraphQL.id, data: { sizes } }, a.auth)
    expectNoServerError(res, 'GraphQL')
    expect(await storedFile('images', viaRest.id)).toEqual(beforeRest)
    expect(await storedFile('images', viaGraphQL.id)).toEqual(beforeGql)

    expect((await api('DELETE', `/images/${viaRest.id}`, { auth: a.auth })).status).toBe(200)
    expect((await gql('mutation($id: String!) { deleteImage(id: $id) { id } }', { id: viaGraphQL.id }, a.auth)).errors).toBeUndefined()
    for (const name of [image.filename, image.sizes!.icon!.filename, image.sizes!.large!.filename]) expect(onDisk(imagesDir(), name), name!).toBe(true)
    expect(onDisk(filesDir(), file.filename)).toBe(true)
  })

  it('C4: url, mimeType, filesize and dimensions are the site’s: an update keeps them (REST and GraphQL), a create takes them from the file', async () => {
    const a = await attacker()
    const forged = { url: 'http://127.0.0.1:9/forged.png', mimeType: 'text/html', filesize: 1, width: 1, height: 1, thumbnailURL: 'http://127.0.0.1:9/t.png' }
    const own = await imageOf(a.user.id)
    const before = await storedFile('images', own.id)
    expectNoServerError(await api('PATCH', `/images/${own.id}`, { auth: a.auth, body: forged }), 'REST')
    const res = await gql('mutation($id: String!, $data: mutationImageUpdateInput!) { updateImage(id: $id, data: $data) { id } }', { id: own.id, data: forged }, a.auth)
    expectNoServerError(res, 'GraphQL')
    expect(await storedFile('images', own.id)).toEqual(before)
    const fileRes = await api('GET', `/images/file/${encodeURIComponent(own.filename!)}`, { auth: a.auth })
    expect(fileRes.headers.get('content-type')).toBe('image/png')

    // A version file too.
    const ownFile = await versionFileIn(a.project)
    const beforeFile = await storedFile('version-files', ownFile.id)
    expectNoServerError(await api('PATCH', `/version-files/${ownFile.id}`, { auth: a.auth, body: { ...forged, mimeType: 'text/html', filesize: 3 } }), 'version file')
    expect(await storedFile('version-files', ownFile.id)).toEqual(beforeFile)

    // A create without a file cannot invent one.
    const count = async () => (await w.payload.count({ collection: 'images', where: { uploader: { equals: a.user.id } }, overrideAccess: true })).totalDocs
    const had = await count()
    const invented = await api('POST', '/images', { auth: a.auth, body: { kind: 'other', filename: 'invented.png', ...forged } })
    expect(invented.status, invented.text).toBeGreaterThanOrEqual(400)
    expect(invented.status).toBeLessThan(500)
    const gqlInvented = await gql('mutation($data: mutationImageInput!) { createImage(data: $data) { id } }', { data: { kind: 'other', filename: 'invented.png', ...forged } }, a.auth)
    expect(gqlInvented.errors?.length).toBeTruthy()
    expect(await count()).toBe(had)

    // With a file, the stored values are the file's whatever the body says.
    const png = await tinyPng(120)
    const form = new FormData()
    form.set('_payload', JSON.stringify({ kind: 'other', filename: '../files/forged.png', sizes: { icon: { filename: 'forged-icon.webp' } }, ...forged }))
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'real.png')
    const created = await api('POST', '/images', { auth: a.auth, form })
    expect(created.status, created.text).toBe(201)
    const doc = (created.body as { doc: Image }).doc
    // (Payload numbers a name an earlier file on the worker's database took: real-1.png.)
    expect(doc.filename).toMatch(/^real(-\d+)?\.png$/)
    expect(doc).toMatchObject({ mimeType: 'image/png', width: 120, height: 120, filesize: png.length })
    expect(doc.sizes?.icon?.filename).not.toBe('forged-icon.webp')
    expect(onDisk(imagesDir(), doc.sizes?.icon?.filename)).toBe(true)
  })

  it('C4: file names with /, \\, .., or NUL (or a key prefix) are refused on the file route with a 400, never a 500', async () => {
    const a = await attacker()
    const { file } = await victim()
    for (const collection of ['version-files', 'images']) {
      for (const name of [`../files/${file.filename}`, `..\\files\\${file.filename}`, `./${file.filename}`, `a/${file.filename}`, `${file.filename}\u0000.png`]) {
        for (const auth of [a.auth, null]) {
          const res = await api('GET', `/${collection}/file/${encodeURIComponent(name)}`, { auth })
          expect(res.status, `${collection} ${JSON.stringify(name)}: ${res.text.slice(0, 200)}`).toBe(400)
        }
      }
      // Nor a storage key prefix (no document has one).
      const prefixed = await api('GET', `/${collection}/file/${encodeURIComponent(file.filename!)}?prefix=${encodeURIComponent('../..')}`, { auth: a.auth })
      expect(prefixed.status, prefixed.text).toBe(400)
    }
  })

  it('C4: two images uploaded under the same base name keep their own sizes, on upload and on delete', async () => {
    const a = await attacker()
    const base = uniq('same')
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 200, g: 20, b: 20 } } }).jpeg().toBuffer()
    const first = await imageOf(w.users.owner.id, `${base}.png`)
    const firstIcon = await sharp(path.join(imagesDir(), first.sizes!.icon!.filename!)).raw().toBuffer()
    // The attacker's image, named after the victim's, through REST.
    const form = new FormData()
    form.set('_payload', JSON.stringify({ kind: 'other' }))
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${base}.jpg`)
    const created = await api('POST', '/images', { auth: a.auth, form })
    expect(created.status, created.text).toBe(201)
    const second = (created.body as { doc: Image }).doc
    const names = (img: Image) => [img.filename, ...Object.values(img.sizes ?? {}).map((s) => s?.filename)].filter(Boolean)
    expect(names(second).filter((x) => names(first).includes(x))).toEqual([])
    expect(await sharp(path.join(imagesDir(), first.sizes!.icon!.filename!)).raw().toBuffer()).toEqual(firstIcon)

    expect((await api('DELETE', `/images/${second.id}`, { auth: a.auth })).status).toBe(200)
    for (const name of names(first)) expect(onDisk(imagesDir(), name), name!).toBe(true)
  })

  it('C4: a file two documents share (left by an attack before the fix) survives the delete of the other document', async () => {
    const a = await attacker()
    const { image } = await victim()
    const own = await imageOf(a.user.id)
    // Written straight into the table, as the attack left it: the victim's icon as the attacker's.
    await w.payload.db.updateOne({ collection: 'images', id: own.id, data: { sizes: { ...own.sizes, icon: { ...own.sizes!.icon, filename: image.sizes!.icon!.filename } } } })
    expect((await api('DELETE', `/images/${own.id}`, { auth: a.auth })).status).toBe(200)
    expect(onDisk(imagesDir(), image.sizes!.icon!.filename)).toBe(true)
    // The attacker's other files went with their document.
    expect(onDisk(imagesDir(), own.filename)).toBe(false)
    expect(onDisk(imagesDir(), own.sizes!.icon!.filename)).toBe(true) // orphaned by the attack, not ours to judge
    expect(onDisk(imagesDir(), own.sizes!.large!.filename)).toBe(false)
  })
})

describe('the owners’ own files (still work)', () => {
  it('an owner replaces an image’s file, edits it as the admin form sends it back, moves its focal point and deletes it', async () => {
    const owner = await attacker()
    const image = await imageOf(owner.user.id)
    const png = await tinyPng(300)
    const form = new FormData()
    form.set('_payload', JSON.stringify({ alt: 'replaced' }))
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${uniq('replacement')}.png`)
    const replaced = await api('PATCH', `/images/${image.id}`, { auth: owner.auth, form })
    expect(replaced.status, replaced.text).toBe(200)
    const doc = (replaced.body as { doc: Image }).doc
    expect(doc.filename).toMatch(/^replacement-/)
    expect(doc).toMatchObject({ width: 300, height: 300, alt: 'replaced' })
    expect(onDisk(imagesDir(), doc.filename)).toBe(true)
    expect(onDisk(imagesDir(), doc.sizes?.icon?.filename)).toBe(true)
    expect(onDisk(imagesDir(), image.filename)).toBe(false)
    expect(onDisk(imagesDir(), image.sizes?.icon?.filename)).toBe(false)

    // The admin form sends the whole document back, URLs as read.
    const read = (await api('GET', `/images/${image.id}`, { auth: owner.auth })).body as Record<string, unknown>
    const stored = await storedFile('images', image.id)
    const edited = await api('PATCH', `/images/${image.id}`, { auth: owner.auth, body: { ...read, alt: 'edited' } })
    expect(edited.status, edited.text).toBe(200)
    expect(await storedFile('images', image.id)).toEqual(stored)
    expect((await w.payload.findByID({ collection: 'images', id: image.id, overrideAccess: true })).alt).toBe('edited')

    const focal = await api('PATCH', `/images/${image.id}`, { auth: owner.auth, body: { ...read, focalX: 20, focalY: 30 } })
    expect(focal.status, focal.text).toBe(200)
    const moved = await w.payload.findByID({ collection: 'images', id: image.id, overrideAccess: true })
    expect(moved).toMatchObject({ focalX: 20, focalY: 30, filename: doc.filename })
    for (const size of Object.values(moved.sizes ?? {})) if (size?.filename) expect(onDisk(imagesDir(), size.filename), size.filename).toBe(true)

    expect((await api('DELETE', `/images/${image.id}`, { auth: owner.auth })).status).toBe(200)
    expect(onDisk(imagesDir(), moved.filename)).toBe(false)
    expect(onDisk(imagesDir(), moved.sizes?.icon?.filename)).toBe(false)
  })

  it('an owner replaces a version file and downloads it under its new name', async () => {
    const owner = await attacker()
    const file = await versionFileIn(owner.project)
    const bytes = testJar(uniq('replacement'))
    const form = new FormData()
    form.set('_payload', JSON.stringify({ fileType: 'sources-jar' }))
    form.set('file', new Blob([new Uint8Array(bytes)]), `${uniq('replacement')}.jar`)
    const res = await api('PATCH', `/version-files/${file.id}`, { auth: owner.auth, form })
    expect(res.status, res.text).toBe(200)
    const doc = (res.body as { doc: VersionFile }).doc
    expect(doc.filename).toMatch(/^replacement-.*\.jar$/)
    expect(doc.filesize).toBe(bytes.length)
    expect(onDisk(filesDir(), file.filename)).toBe(false)
    const download = await api('GET', `/version-files/file/${encodeURIComponent(doc.filename!)}`, { auth: owner.auth })
    expect(download.status).toBe(200)
  })

  it('an uploaded file name that is not a plain name is stored as one', async () => {
    const owner = await attacker()
    await mkdir(imagesDir(), { recursive: true })
    const png = await tinyPng(64)
    const form = new FormData()
    form.set('_payload', JSON.stringify({ kind: 'other' }))
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), '..\\..\\odd..name.png')
    const res = await api('POST', '/images', { auth: owner.auth, form })
    expect(res.status, res.text).toBe(201)
    const doc = (res.body as { doc: Image }).doc
    expect(doc.filename).not.toMatch(/[/\\]|\.\./)
    expect(onDisk(imagesDir(), doc.filename)).toBe(true)
  })
})
