/** The same bytes are never published under two projects (reference: duplicate files refused). */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { DUPLICATE_FILE } from '../../src/collections/VersionFiles/hooks/hashUpload'
import { VERSION_NUMBER_TAKEN } from '../../src/collections/Versions'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'
import { testJar } from '../helpers/jar'

let payload: Payload
let w: World

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

const version = async (project: string, versionNumber: string) =>
  (await payload.create({ collection: 'versions', data: { project, versionNumber, gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })).id

const upload = (versionId: string, bytes: Buffer, name: string) =>
  payload.create({ collection: 'version-files', data: { version: versionId, primary: true }, file: { data: bytes, mimetype: 'application/java-archive', name, size: bytes.length }, user: w.users.owner, overrideAccess: false })

describe('duplicate files', () => {
  it('refuses bytes another project already publishes, and saves nothing', async () => {
    const bytes = testJar('first')
    const a = await w.makeProject('approved')
    const b = await w.makeProject('approved')
    const first = await upload(await version(a.id, '1.0.0'), bytes, 'first.jar')
    expect(first.sha1).toMatch(/^[0-9a-f]{40}$/)
    const target = await version(b.id, '1.0.0')
    const refused = await upload(target, bytes, 'copy.jar').catch((e: { data?: { errors?: { path: string; message: string }[] } }) => e)
    expect((refused as { data?: { errors?: unknown[] } }).data?.errors).toEqual([{ path: 'file', message: DUPLICATE_FILE }])
    expect((await payload.count({ collection: 'version-files', where: { version: { equals: target } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('the same project may ship the same file again in another version', async () => {
    const bytes = testJar('shared')
    const p = await w.makeProject('approved')
    await upload(await version(p.id, '1.0.0'), bytes, 'a.jar')
    const again = await upload(await version(p.id, '1.0.1'), bytes, 'b.jar')
    expect(again.sha1).toBeTruthy()
  })
})

describe('version numbers', () => {
  const create = (project: string, versionNumber: string, user?: World['users']['owner']) =>
    payload.create({ collection: 'versions', data: { project, versionNumber, gameVersions: ['1.21'], loaders: ['fabric'] }, ...(user ? { user, overrideAccess: false } : { overrideAccess: true }) })

  it('are unique within a project when a member creates or renames a version', async () => {
    const p = await w.makeProject('approved')
    const first = await create(p.id, '2.0.0', w.users.owner)
    const refused = await create(p.id, '2.0.0', w.users.owner).catch((e: { data?: { errors?: unknown[] } }) => e)
    expect((refused as { data?: { errors?: unknown[] } }).data?.errors).toEqual([{ label: 'Version Number', path: 'versionNumber', message: VERSION_NUMBER_TAKEN }])
    const other = await create(p.id, '2.0.1', w.users.owner)
    await expect(payload.update({ collection: 'versions', id: other.id, data: { versionNumber: '2.0.0' }, user: w.users.owner, overrideAccess: false })).rejects.toThrow()
    // Saving a version without changing its number is fine; another project may use the number.
    await payload.update({ collection: 'versions', id: first.id, data: { changelog: 'Edited' }, user: w.users.owner, overrideAccess: false })
    await create((await w.makeProject('approved')).id, '2.0.0', w.users.owner)
  })

  it('imports (no user on the request) keep repeated numbers, as older catalogues have them', async () => {
    const p = await w.makeProject('approved')
    await create(p.id, '1.0.0')
    await create(p.id, '1.0.0')
    expect((await payload.count({ collection: 'versions', where: { project: { equals: p.id } }, overrideAccess: true })).totalDocs).toBe(2)
  })
})
