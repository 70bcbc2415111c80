/**
 * Issue 27, rows C3 and C4 with object storage on: storage-s3 cuts a stored name down to its last
 * segment, so `./<victim>` or a size named like another image's reached the victim's object. A delete
 * or a replaced file removes only the objects its document alone names, and only once it committed.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { objectKey, objectStorage } from '../../src/lib/files/objectStorage'
import type { Image, Project, User, VersionFile } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { api } from '../helpers/http'
import { testJar } from '../helpers/jar'
import { bootPayload } from '../helpers/payload'
import { s3Env, startS3 } from '../helpers/s3Server'
import { seedTags } from '../helpers/tags'
import { makeVersion, sessionFor } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'

const S3_PORT = 3757
// Before the config is first imported: the storage plugin reads the environment once.
vi.hoisted(() => {
  Object.assign(process.env, { S3_BUCKET: 'blockforge-test', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://127.0.0.1:3757', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' })
})

let w: World
let s3: Awaited<ReturnType<typeof startS3>>
let n = 0
const uniq = (p: string) => `${p}-${++n}-${Date.now().toString(36)}`

beforeAll(async () => {
  expect(process.env.S3_ENDPOINT).toBe(s3Env(S3_PORT).S3_ENDPOINT)
  s3 = await startS3(S3_PORT)
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})
afterAll(async () => {
  await s3?.stop()
})

async function inBucket(collection: 'images' | 'version-files', name: string | null | undefined): Promise<boolean> {
  if (!name) return false
  const storage = objectStorage()!
  try {
    await storage.client.send(new HeadObjectCommand({ Bucket: storage.settings.bucket, Key: objectKey(collection, name) }))
    return true
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return false
    throw error
  }
}

async function attacker(): Promise<{ user: User & { collection: 'users' }; auth: string; project: Project }> {
  const user = await makeUser(w.payload)
  const project = await w.payload.create({ collection: 'projects', data: { slug: uniq('own'), title: 'My Own Project', summary: 'The attacker’s own project.', projectType: 'mod' }, user, overrideAccess: true })
  return { user, auth: await sessionFor(w.payload, user), project }
}
async function imageOf(uploader: string): Promise<Image> {
  const png = await tinyPng(200)
  return w.payload.create({ collection: 'images', data: { kind: 'other', uploader }, file: { data: png, mimetype: 'image/png', name: `${uniq('img')}.png`, size: png.length }, overrideAccess: true })
}
async function versionFileIn(project: Project): Promise<VersionFile> {
  const version = await makeVersion(w.payload, project)
  return (await w.payload.find({ collection: 'version-files', where: { version: { equals: version.id } }, overrideAccess: true, depth: 0 })).docs[0]!
}

describe('object storage keys', () => {
  it('C4: sizes and file names pointed at another document’s objects are not stored, and the delete leaves those objects', async () => {
    const a = await attacker()
    const victimImage = await imageOf(w.users.owner.id)
    const victimFile = await versionFileIn(await w.makeProject('draft'))
    const own = await imageOf(a.user.id)
    const ownFile = await versionFileIn(a.project)
    expect((await api('PATCH', `/images/${own.id}`, { auth: a.auth, body: { sizes: { icon: { filename: victimImage.sizes!.icon!.filename } }, filename: `./${victimImage.filename}` } })).status).toBeLessThan(500)
    expect((await api('PATCH', `/version-files/${ownFile.id}`, { auth: a.auth, body: { filename: `./${victimFile.filename}` } })).status).toBeLessThan(500)
    expect((await api('DELETE', `/images/${own.id}`, { auth: a.auth })).status).toBe(200)
    expect((await api('DELETE', `/version-files/${ownFile.id}`, { auth: a.auth })).status).toBe(200)
    expect(await inBucket('images', victimImage.filename)).toBe(true)
    expect(await inBucket('images', victimImage.sizes!.icon!.filename)).toBe(true)
    expect(await inBucket('version-files', victimFile.filename)).toBe(true)
    expect(await inBucket('images', own.filename)).toBe(false)
    expect(await inBucket('images', own.sizes!.icon!.filename)).toBe(false)
    expect(await inBucket('version-files', ownFile.filename)).toBe(false)
  })

  it('C4: an object two documents name (left by an attack before the fix) survives the delete of the other; a name that is not plain is refused', async () => {
    const a = await attacker()
    const victimImage = await imageOf(w.users.owner.id)
    const victimFile = await versionFileIn(await w.makeProject('draft'))
    const own = await imageOf(a.user.id)
    const ownFile = await versionFileIn(a.project)
    await w.payload.db.updateOne({ collection: 'images', id: own.id, data: { sizes: { ...own.sizes, icon: { ...own.sizes!.icon, filename: victimImage.sizes!.icon!.filename } } } })
    await w.payload.db.updateOne({ collection: 'version-files', id: ownFile.id, data: { filename: `./${victimFile.filename}` } })
    expect((await api('DELETE', `/images/${own.id}`, { auth: a.auth })).status).toBe(200)
    const refused = await api('DELETE', `/version-files/${ownFile.id}`, { auth: a.auth })
    expect(refused.status, refused.text).toBe(400)
    expect(await inBucket('images', victimImage.sizes!.icon!.filename)).toBe(true)
    expect(await inBucket('version-files', victimFile.filename)).toBe(true)
    expect(await inBucket('images', own.filename)).toBe(false)
    expect((await api('GET', `/version-files/file/${encodeURIComponent(`./${victimFile.filename}`)}`, { auth: a.auth })).status).toBe(400)
  })

  it('a replaced file’s objects go once the replace has committed, not before, and stay when it rolls back', async () => {
    const a = await attacker()
    const file = await versionFileIn(a.project)
    const replace = async (commit: boolean) => {
      const req = await createLocalReq({ user: a.user }, w.payload)
      await initTransaction(req)
      const bytes = testJar(uniq('replacement'))
      const doc = await w.payload.update({ collection: 'version-files', id: file.id, data: {}, file: { data: bytes, mimetype: 'application/java-archive', name: `${uniq('replacement')}.jar`, size: bytes.length }, overrideAccess: false, user: a.user, req })
      expect(await inBucket('version-files', file.filename)).toBe(true) // the transaction is still open
      if (commit) await commitTransaction(req)
      else await killTransaction(req)
      return doc
    }
    await replace(false)
    expect(await inBucket('version-files', file.filename)).toBe(true)
    expect((await w.payload.findByID({ collection: 'version-files', id: file.id, overrideAccess: true })).filename).toBe(file.filename)
    const replaced = await replace(true)
    expect(await inBucket('version-files', file.filename)).toBe(false)
    expect(await inBucket('version-files', replaced.filename)).toBe(true)
  })
})
