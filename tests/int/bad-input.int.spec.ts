/** Bad input gets a clear field error and nothing is saved (the same rules serve /api and the admin panel). */
import { ValidationError, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, tinyPng, type World } from '../helpers/world'

let payload: Payload
let w: World

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

/** The field errors of a ValidationError, as {path: message}. */
async function fieldErrors(p: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError)
    return Object.fromEntries((e as ValidationError).data.errors.map((x) => [x.path, x.message]))
  }
  throw new Error('expected a validation error, but the write succeeded')
}

const count = async (collection: 'projects' | 'users' | 'versions' | 'images' | 'version-files') => (await payload.count({ collection, overrideAccess: true })).totalDocs

describe('bad input', () => {
  it('refuses a slug that differs from an existing one only in letter case', async () => {
    const owner = w.users.owner
    await payload.create({ collection: 'projects', data: { slug: 'case-test', title: 'Case Test', summary: 'The original project.', projectType: 'mod' }, user: owner, overrideAccess: false })
    const before = await count('projects')
    const errors = await fieldErrors(
      payload.create({ collection: 'projects', data: { slug: 'Case-TEST', title: 'Case Test Two', summary: 'An impostor project.', projectType: 'mod' }, user: owner, overrideAccess: false }),
    )
    expect(errors.slug).toBe('This slug is already taken.')
    expect(await count('projects')).toBe(before)
  })

  it('stores slugs lower-case so they resolve in any case', async () => {
    const p = await payload.create({ collection: 'projects', data: { slug: 'MixedCase', title: 'Mixed Case', summary: 'Slug given in mixed case.', projectType: 'mod' }, user: w.users.owner, overrideAccess: false })
    expect(p.slug).toBe('mixedcase')
  })

  it('refuses a username that differs from an existing one only in letter case', async () => {
    await payload.create({ collection: 'users', data: { username: 'Steve', email: 'steve@example.test', password: 'password-123' }, overrideAccess: false })
    const before = await count('users')
    const errors = await fieldErrors(payload.create({ collection: 'users', data: { username: 'STEVE', email: 'steve2@example.test', password: 'password-123' }, overrideAccess: false }))
    expect(errors.username).toBe('This username is already taken.')
    expect(await count('users')).toBe(before)
  })

  it('lets users sign in by username in any case or by email', async () => {
    const byName = await payload.login({ collection: 'users', data: { username: 'steve', password: 'password-123' } })
    expect(byName.user?.username).toBe('steve')
    const byEmail = await payload.login({ collection: 'users', data: { email: 'steve@example.test', password: 'password-123' } })
    expect(byEmail.user?.id).toBe(byName.user?.id)
  })

  it('refuses a version number over 32 characters', async () => {
    const project = await w.makeProject('draft')
    const before = await count('versions')
    const errors = await fieldErrors(
      payload.create({ collection: 'versions', data: { project: project.id, versionNumber: 'x'.repeat(33), gameVersions: ['1.21'], loaders: ['fabric'] }, user: w.users.owner, overrideAccess: false }),
    )
    expect(errors.versionNumber).toMatch(/32/)
    expect(await count('versions')).toBe(before)
  })

  it('refuses an unknown loader and an unknown game version', async () => {
    const project = await w.makeProject('draft')
    const before = await count('versions')
    const errors = await fieldErrors(
      payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '1.0.0', gameVersions: ['9.99'], loaders: ['notaloader'] }, user: w.users.owner, overrideAccess: false }),
    )
    expect(errors).toEqual({ gameVersions: 'Unknown game version: 9.99', loaders: 'Unknown loader: notaloader' })
    expect(await count('versions')).toBe(before)
  })

  it('refuses a category that does not belong to the project type', async () => {
    const errors = await fieldErrors(
      payload.create({ collection: 'projects', data: { slug: 'bad-cats', title: 'Bad Cats', summary: 'Categories from elsewhere.', projectType: 'mod', categories: ['realistic', 'technology'] }, user: w.users.owner, overrideAccess: false }),
    )
    expect(errors.categories).toBe('Unknown category for mod: realistic')
  })

  it('refuses a gallery image that is not an image', async () => {
    const before = await count('images')
    const data = Buffer.from('just some text, not a picture')
    const errors = await fieldErrors(
      payload.create({ collection: 'images', data: { kind: 'gallery' }, file: { data, mimetype: 'text/plain', name: 'notes.txt', size: data.length }, user: w.users.owner, overrideAccess: false }),
    )
    expect(errors.file).toMatch(/not allowed|Invalid/)
    expect(await count('images')).toBe(before)
  })

  it('refuses a version file over the size limit', async () => {
    const project = await w.makeProject('draft')
    const version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '2.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })
    const before = await count('version-files')
    const data = Buffer.alloc(1024 * 1024 + 10, 7) // the test limit is 1 MiB (MAX_VERSION_FILE_MB=1)
    const errors = await fieldErrors(
      payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data, mimetype: 'application/java-archive', name: 'big.jar', size: data.length }, user: w.users.owner, overrideAccess: false }),
    )
    expect(errors.file).toBe('File too large (the limit is 1 MiB).')
    expect(await count('version-files')).toBe(before)
  })

  it('hashes version files with sha1 and sha512', async () => {
    const project = await w.makeProject('draft')
    const version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '3.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })
    const data = Buffer.from('hello world')
    const file = await payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data, mimetype: 'application/java-archive', name: 'hello.txt', size: data.length }, user: w.users.owner, overrideAccess: false })
    expect(file.sha1).toBe('2aae6c35c94fcfb415dbe95f408b9ce91ee846ed')
    expect(file.sha512).toBe('309ecc489c12d6eb4cc40f50c902f2b4d0ed77ee511a7c7a9bcd3ca86d4cd86f989dd35bc5ff499670da34255b45b0cfd830e81f605dcf7dc5542e93ae9cd76f')
    expect(file.filesize).toBe(11)
  })

  it('resizes images into the sizes the site shows', async () => {
    const img = await payload.create({ collection: 'images', data: { kind: 'icon' }, file: { data: await tinyPng(300), mimetype: 'image/png', name: 'icon.png', size: 100 }, user: w.users.owner, overrideAccess: false })
    expect(img.mimeType).toBe('image/png')
    expect(img.sizes?.icon?.width).toBe(96)
  })

  it('refuses a self-promotion to admin or new badges, and keeps the rest of the profile as it was', async () => {
    const user = await makeUser(payload)
    await expect(payload.update({ collection: 'users', id: user.id, data: { role: 'admin', badges: 255, bio: 'hi' }, user, overrideAccess: false })).rejects.toThrow(
      'Only an administrator may change this.',
    )
    const stored = await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })
    expect(stored.role).toBe('developer')
    expect(stored.badges).toBe(0)
    expect(stored.bio ?? null).toBeNull()
    const updated = await payload.update({ collection: 'users', id: user.id, data: { bio: 'hi' }, user, overrideAccess: false })
    expect(updated.bio).toBe('hi')
  })
})
