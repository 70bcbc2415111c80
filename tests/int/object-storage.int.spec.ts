/**
 * Object storage (issue 17, item 7): with S3_* set, uploads go to the bucket (a local s3rver started
 * here), not to MEDIA_DIR; a file URL answers, after the read access check, with a redirect to a
 * signed URL of the object, which gives back the very bytes uploaded, with the download's name or the
 * image's type; the collection zip reads its files from the bucket; a delete removes the objects once
 * it has committed.
 */
import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'

import { HeadObjectCommand } from '@aws-sdk/client-s3'
import config from '@payload-config'
import { REST_GET } from '@payloadcms/next/routes'
import { unzipSync } from 'fflate'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { GET as zipRoute } from '../../src/app/(frontend)/collection/[id]/download.zip/route'
import { objectKey, objectStorage } from '../../src/lib/files/objectStorage'
import { guardRest } from '../../src/lib/http/apiGuard'
import { mediaDir } from '../../src/lib/paths'
import type { Project, User } from '../../src/payload-types'
import { testJar } from '../helpers/jar'
import { bootPayload } from '../helpers/payload'
import { s3Env, startS3 } from '../helpers/s3Server'
import { seedTags } from '../helpers/tags'
import { patFor, v2 } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'

const S3_PORT = 3753
// Before the config is first imported: the storage plugin reads the environment once.
vi.hoisted(() => {
  Object.assign(process.env, { S3_BUCKET: 'blockforge-test', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://127.0.0.1:3753', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' })
})

let payload: Payload
let s3: Awaited<ReturnType<typeof startS3>>
let w: World
let project: Project
let pat: string
// As src/app/(payload)/api/[...slug]/route.ts serves GET (without its CSS import).
const restGet = guardRest(config, REST_GET(config))
const sha1 = (b: Uint8Array) => createHash('sha1').update(b).digest('hex')

beforeAll(async () => {
  expect(process.env.S3_ENDPOINT).toBe(s3Env(S3_PORT).S3_ENDPOINT)
  s3 = await startS3(S3_PORT)
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  project = await w.makeProject('draft')
  pat = await patFor(payload, w.users.owner as User & { collection: 'users' }, ['VERSION_CREATE', 'VERSION_WRITE', 'VERSION_READ', 'PROJECT_READ'])
})
afterAll(async () => {
  await s3?.stop()
})

/** GET /api/<collection>/file/<name> through Payload's REST handler, as the site serves it. */
const fileUrl = (url: string, auth?: string) => {
  const { pathname } = new URL(url, 'http://localhost:3000')
  const slug = pathname.replace(/^\/api\//, '').split('/').map(decodeURIComponent)
  return restGet(new Request(new URL(pathname, 'http://localhost:3000'), { headers: auth ? { authorization: auth } : {} }), { params: Promise.resolve({ slug }) })
}

const inBucket = async (key: string) => {
  const storage = objectStorage()!
  try {
    await storage.client.send(new HeadObjectCommand({ Bucket: storage.settings.bucket, Key: key }))
    return true
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return false
    throw error
  }
}
const onDisk = async (dir: 'files' | 'images') => readdir(path.join(mediaDir(), dir)).catch(() => [] as string[])

/** A signed URL of the object `key` in the test bucket, valid for a while. */
const expectSigned = (location: string | null, key: string) => {
  const url = new URL(location ?? '')
  expect(`${url.origin}${decodeURIComponent(url.pathname)}`).toBe(`http://127.0.0.1:${S3_PORT}/blockforge-test/${key}`)
  expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
  expect(url.searchParams.get('X-Amz-Expires')).toBe('600')
}

describe('version files', () => {
  it('are stored in the bucket and come back byte-identical through a signed redirect', async () => {
    const bytes = testJar(`s3-${Date.now()}`)
    const form = new FormData()
    const data = { project_id: project.id, version_number: '1.0.0', name: 'In the bucket', changelog: '', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: false, dependencies: [], file_parts: ['file'] }
    form.append('data', JSON.stringify(data))
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/java-archive' }), 'bucket mod.jar')
    const { POST } = await import('../../src/app/v2/[...path]/route')
    const created = await POST(new Request('http://localhost/v2/version', { method: 'POST', body: form, headers: { authorization: pat, 'x-forwarded-for': '10.77.0.1' } }))
    expect(created.status, await created.clone().text()).toBe(200)
    const version = (await created.json()) as { files: { url: string; filename: string; hashes: { sha1: string } }[] }
    const [file] = version.files
    expect(file.hashes.sha1).toBe(sha1(bytes))
    // Stored in the bucket under the collection's prefix, nothing under MEDIA_DIR.
    expect(await inBucket(objectKey('version-files', file.filename))).toBe(true)
    expect(await onDisk('files')).not.toContain(file.filename)

    // The v2 download leads to the file URL, which redirects to the object, signed.
    const download = await v2(`/version_file/${file.hashes.sha1}/download`, { auth: pat })
    expect(download.status).toBe(302)
    const res = await fileUrl(download.headers.get('location')!, pat)
    expect(res.status).toBe(302)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expectSigned(res.headers.get('location'), objectKey('version-files', file.filename))
    const fetched = await fetch(res.headers.get('location')!)
    expect(fetched.status).toBe(200)
    expect(sha1(new Uint8Array(await fetched.arrayBuffer()))).toBe(sha1(bytes))
    expect(fetched.headers.get('content-disposition')).toBe(`attachment; filename="${file.filename}"`)
  })

  it('are still refused to those who may not see them (the access check comes first)', async () => {
    const hidden = await payload.find({ collection: 'version-files', where: { 'version.project': { equals: project.id } }, overrideAccess: true, depth: 0 })
    const filename = hidden.docs[0]!.filename!
    const res = await fileUrl(`/api/version-files/file/${encodeURIComponent(filename)}`)
    expect(res.status).toBe(404) // as from disk, no redirect (tests/int/analytics-counting.int.spec.ts)
    expect(res.headers.get('location')).toBeNull()
  })

  it('feed the collection zip from the bucket', async () => {
    const listed = await w.makeProject('approved')
    const version = await payload.create({ collection: 'versions', data: { project: listed.id, versionNumber: '2.0', versionType: 'release', gameVersions: ['1.21'], loaders: ['fabric'], status: 'listed', datePublished: '2026-01-01' }, overrideAccess: true, depth: 0 })
    const bytes = testJar(`zip-${Date.now()}`)
    const file = await payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data: bytes, mimetype: 'application/java-archive', name: `zipped-${Date.now()}.jar`, size: bytes.length }, overrideAccess: true })
    expect(await onDisk('files')).not.toContain(file.filename)
    const picks = await payload.create({ collection: 'user-collections', data: { name: 'Bucket picks', owner: w.users.stranger.id, projects: [listed.id], visibility: 'public' }, overrideAccess: true })
    const res = await zipRoute(new Request(`http://localhost/collection/${picks.id}/download.zip?game_version=1.21&loader=fabric`), { params: Promise.resolve({ id: picks.id }) })
    expect(res.status).toBe(200)
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(sha1(files[`mods/${file.filename}`]!)).toBe(sha1(bytes))

  })

  it('are removed from the bucket only when their delete commits', async () => {
    const version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: `del-${Date.now()}`, versionType: 'release', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true, depth: 0 })
    const bytes = testJar(`delete-${Date.now()}`)
    const file = await payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data: bytes, mimetype: 'application/java-archive', name: `deleted-${Date.now()}.jar`, size: bytes.length }, overrideAccess: true })
    const key = objectKey('version-files', file.filename!)
    expect(await inBucket(key)).toBe(true)

    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    await payload.delete({ collection: 'versions', id: version.id, req })
    expect(await inBucket(key)).toBe(true) // the transaction is still open
    await killTransaction(req)
    expect(await inBucket(key)).toBe(true)
    expect((await payload.count({ collection: 'version-files', where: { id: { equals: file.id } }, overrideAccess: true })).totalDocs).toBe(1)

    const again = await createLocalReq({}, payload)
    await initTransaction(again)
    await payload.delete({ collection: 'versions', id: version.id, req: again })
    await commitTransaction(again)
    expect(await inBucket(key)).toBe(false)
  })
})

describe('images', () => {
  it('are stored with their sizes in the bucket and shown inline, by type, through signed redirects', async () => {
    const png = await tinyPng(200)
    const image = await payload.create({ collection: 'images', data: { kind: 'gallery', project: (await w.makeProject('approved')).id }, file: { data: png, mimetype: 'image/png', name: `bucket-${Date.now()}.png`, size: png.length }, overrideAccess: true })
    expect(await onDisk('images')).not.toContain(image.filename)
    // The document's URLs still point at the site (the access check and the redirect live there).
    expect(image.url).toMatch(new RegExp(`/api/images/file/${image.filename}$`))

    const original = await fileUrl(image.url!)
    expect(original.status).toBe(302)
    expectSigned(original.headers.get('location'), objectKey('images', image.filename!))
    const fetched = await fetch(original.headers.get('location')!)
    expect(fetched.headers.get('content-type')).toBe('image/png')
    expect(fetched.headers.get('content-disposition')).toBeNull()
    expect(sha1(new Uint8Array(await fetched.arrayBuffer()))).toBe(sha1(png))

    const icon = image.sizes?.icon
    expect(icon?.filename).toBeTruthy()
    const sized = await fileUrl(icon!.url!)
    expect(sized.status).toBe(302)
    const iconRes = await fetch(sized.headers.get('location')!)
    expect(iconRes.status).toBe(200)
    expect(iconRes.headers.get('content-type')).toBe('image/webp')
  })
})
