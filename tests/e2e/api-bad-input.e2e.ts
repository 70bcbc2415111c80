/** Bad input through Payload's REST API (/api): a clear field error, and nothing saved. */
import { expect, test } from '@playwright/test'

import { createAccount, fieldErrors, signIn } from './helpers'

test.describe('REST /api bad input', () => {
  let auth: Record<string, string>
  test.beforeAll(async ({ request }) => {
    // A user of its own: concurrent sign-ins of one user race on Payload's session list.
    auth = await signIn(request, 'wren_mod')
  })

  const count = async (request: import('@playwright/test').APIRequestContext, slug: string) =>
    (await (await request.get(`/api/${slug}?limit=1&depth=0`, { headers: auth })).json()).totalDocs as number

  test('a slug differing only in letter case is refused', async ({ request }) => {
    const existing = (await (await request.get('/api/projects?limit=1&depth=0&where[status][equals]=approved')).json()).docs[0]
    const before = await count(request, 'projects')
    const res = await request.post('/api/projects', { headers: auth, data: { slug: existing.slug.toUpperCase(), title: 'Copycat', summary: 'Trying to take an existing slug.', projectType: 'mod' } })
    expect(res.status()).toBe(400)
    expect(await fieldErrors(res)).toMatchObject({ slug: 'This slug is already taken.' })
    expect(await count(request, 'projects')).toBe(before)
  })

  test('a username differing only in letter case is refused', async () => {
    const res = await createAccount({ username: 'ADMIN', email: 'impostor@example.test', password: 'long-enough-password' })
    expect(res.status()).toBe(400)
    expect(await fieldErrors(res)).toMatchObject({ username: 'This username is already taken.' })
  })

  test('a version number over 32 characters, an unknown loader and an unknown game version are refused', async ({ request }) => {
    const project = (await (await request.get('/api/projects?limit=1&depth=0&where[projectType][equals]=mod&where[status][equals]=approved')).json()).docs[0]
    const before = await count(request, 'versions')
    const res = await request.post('/api/versions', { headers: auth, data: { project: project.id, versionNumber: '1'.repeat(33), gameVersions: ['0.0.0-nope'], loaders: ['notaloader'] } })
    expect(res.status()).toBe(400)
    const errors = await fieldErrors(res)
    expect(errors.versionNumber).toMatch(/32/)
    expect(errors.loaders).toBe('Unknown loader: notaloader')
    expect(errors.gameVersions).toBe('Unknown game version: 0.0.0-nope')
    expect(await count(request, 'versions')).toBe(before)
  })

  test('a gallery image that is not an image is refused', async ({ request }) => {
    const before = await count(request, 'images')
    const res = await request.post('/api/images', {
      headers: auth,
      multipart: { _payload: JSON.stringify({ kind: 'gallery' }), file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text, not a picture') } },
    })
    expect(res.status()).toBe(400)
    expect(JSON.stringify(await res.json())).toMatch(/not allowed|Invalid/)
    expect(await count(request, 'images')).toBe(before)
  })

  test('a version file over the size limit is refused', async ({ request }) => {
    const version = (await (await request.get('/api/versions?limit=1&depth=0', { headers: auth })).json()).docs[0]
    const before = await count(request, 'version-files')
    const res = await request.post('/api/version-files', {
      headers: auth,
      multipart: { _payload: JSON.stringify({ version: version.id }), file: { name: 'huge.jar', mimeType: 'application/java-archive', buffer: Buffer.alloc(1.5 * 1024 * 1024, 1) } },
    })
    expect(res.status()).toBe(400)
    expect(await fieldErrors(res)).toMatchObject({ file: 'File too large (the limit is 1 MiB).' })
    expect(await count(request, 'version-files')).toBe(before)
  })

  test('an upload stores the file with its sha1 and sha512', async ({ request }) => {
    const version = (await (await request.get('/api/versions?limit=1&depth=0', { headers: auth })).json()).docs[0]
    const res = await request.post('/api/version-files', {
      headers: auth,
      multipart: { _payload: JSON.stringify({ version: version.id }), file: { name: `hello-${Date.now()}.txt`, mimeType: 'text/plain', buffer: Buffer.from('hello world') } },
    })
    expect(res.status()).toBe(201)
    const { doc } = await res.json()
    expect(doc.sha1).toBe('2aae6c35c94fcfb415dbe95f408b9ce91ee846ed')
    const file = await request.get(new URL(doc.url).pathname, { headers: auth })
    expect(await file.text()).toBe('hello world')
    await request.delete(`/api/version-files/${doc.id}`, { headers: auth })
  })

  test('hidden projects are 404 to visitors and listed to staff', async ({ request }) => {
    const hidden = (await (await request.get('/api/projects?limit=1&depth=0&where[status][equals]=draft', { headers: auth })).json()).docs[0]
    expect(hidden).toBeTruthy()
    expect((await request.get(`/api/projects/${hidden.id}`)).status()).toBe(404)
    expect((await request.get(`/api/projects/${hidden.id}`, { headers: auth })).status()).toBe(200)
    const publicList = await (await request.get('/api/projects?limit=200&depth=0')).json()
    const statuses = new Set(publicList.docs.map((d: { status: string }) => d.status))
    for (const s of ['draft', 'private', 'processing', 'rejected', 'scheduled']) expect(statuses.has(s)).toBe(false)
  })
})
