/**
 * Publishing through `/v2` with a personal access token, over real HTTP (issue 13 "Done when", the
 * API half): a token made at /v2/pat; a project created with its icon; two versions uploaded as real
 * jars built here, their hashes checked by downloading the files back; a member invited who joins;
 * the checklist refusing an early submit and then letting it through. A member without the bits is
 * refused.
 */
import { createHash, randomBytes } from 'node:crypto'

import { expect, test, type APIRequestContext } from '@playwright/test'
import { strToU8, zipSync } from 'fflate'
import sharp from 'sharp'
import { createAccount } from './helpers'

const run = Date.now().toString(36)
const PASSWORD = 'v2-publish-pass-1'
const BITS = { PROJECT_CREATE: 10, PROJECT_READ: 11, PROJECT_WRITE: 12, VERSION_CREATE: 14, VERSION_READ: 15, VERSION_WRITE: 16 } as const
const scopes = (...names: (keyof typeof BITS)[]) => names.reduce((a, n) => a + 2 ** BITS[n], 0)

async function accountWithToken(request: APIRequestContext, name: string, tokenScopes: number) {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })).status()).toBe(201)
  const login = await (await request.post('/api/users/login', { data: { username, password: PASSWORD } })).json()
  const pat = await request.post('/v2/pat', { headers: { Authorization: login.token }, data: { name: 'Publishing from CI', scopes: tokenScopes, expires: new Date(Date.now() + 7 * 86_400_000).toISOString() } })
  expect(pat.status()).toBe(200)
  const token = (await pat.json()).access_token as string
  expect(token).toMatch(/^mrp_/)
  return { id: login.user.id as string, username, headers: { Authorization: token } }
}

/** A Fabric mod jar with unique bytes. */
const jar = (version: string) =>
  Buffer.from(zipSync({ 'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'lanterns', version, depends: { minecraft: '1.21' } })), 'com/example/Lanterns.class': new Uint8Array(randomBytes(1024)) }))
/** The client's AuthFeature reads `token` (its AuthConfig), though its constructor is typed with the base FeatureConfig. */
const authFeature = <F>(Feature: new (config: never) => F, token: string) => new Feature({ token } as never)
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('hex')

test('a creator publishes through /v2 with a personal access token', async ({ request, baseURL }) => {
  const creator = await accountWithToken(request, 'api-creator', scopes('PROJECT_CREATE', 'PROJECT_READ', 'PROJECT_WRITE', 'VERSION_CREATE', 'VERSION_READ', 'VERSION_WRITE'))
  const slug = `lanterns-${run}`
  const icon = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 240, g: 180, b: 40 } } }).png().toBuffer()
  const created = await request.post('/v2/project', {
    headers: creator.headers,
    multipart: {
      data: JSON.stringify({ title: 'Lanterns', slug, description: 'Hanging lanterns for every wood type.', project_type: 'mod', body: '# Lanterns\n\nHanging lanterns for every wood type, lit by redstone.', client_side: 'required', server_side: 'required', license_id: 'MIT', source_url: 'https://git.example/lanterns', initial_versions: [], is_draft: true }),
      icon: { name: 'icon.png', mimeType: 'image/png', buffer: icon },
    },
  })
  expect(created.status(), await created.text()).toBe(200)
  const project = await created.json()
  expect(project).toMatchObject({ slug, status: 'draft', license: { id: 'MIT' } })
  expect(project.icon_url).toBeTruthy()

  // Too early: the checklist wants a version first, and says so.
  const early = await request.patch(`/v2/project/${project.id}`, { headers: creator.headers, data: { status: 'processing' } })
  expect(early.status()).toBe(400)
  expect((await early.json()).description).toMatch(/no initial versions|Complete the required checklist items/)

  const jars = [jar('1.0.0'), jar('1.1.0')]
  for (const [i, bytes] of jars.entries()) {
    const number = i === 0 ? '1.0.0' : '1.1.0'
    const res = await request.post('/v2/version', {
      headers: creator.headers,
      multipart: {
        data: JSON.stringify({ project_id: project.id, version_number: number, name: `Lanterns ${number}`, changelog: 'Lanterns sway now.', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: i === 1, dependencies: [], file_parts: ['jar'] }),
        jar: { name: `lanterns-${number}.jar`, mimeType: 'application/java-archive', buffer: bytes },
      },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  const versions = (await (await request.get(`/v2/project/${project.id}/version`, { headers: creator.headers })).json()) as { version_number: string; files: { url: string; hashes: { sha512: string } }[] }[]
  expect(versions.map((v) => v.version_number).sort()).toEqual(['1.0.0', '1.1.0'])
  for (const v of versions) {
    const expected = sha512(jars[v.version_number === '1.0.0' ? 0 : 1])
    expect(v.files[0].hashes.sha512).toBe(expected)
    const download = await request.get(v.files[0].url, { headers: creator.headers })
    expect(download.status()).toBe(200)
    expect(sha512(Buffer.from(await download.body()))).toBe(expected)
  }

  // Modrinth's own API client (@modrinth/api-client), pointed at this site, uploads a gallery image and edits the project.
  const { AuthFeature, GenericModrinthClient } = await import('@modrinth/api-client')
  const modrinth = new GenericModrinthClient({ userAgent: 'blockforge-e2e/1.0', labrinthBaseUrl: baseURL!, features: [authFeature(AuthFeature, creator.headers.Authorization)] })
  const screenshot = await sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 30, g: 40, b: 90 } } }).png().toBuffer()
  await modrinth.labrinth.projects_v2.createGalleryImage(project.id, new Blob([new Uint8Array(screenshot)], { type: 'image/png' }), { ext: 'png', featured: true, title: 'Lanterns at night' })
  await modrinth.labrinth.projects_v2.edit(project.id, { description: 'Hanging lanterns for every wood type, lit by redstone.' })
  const viaClient = await modrinth.labrinth.projects_v2.get(project.id)
  expect(viaClient).toMatchObject({ description: 'Hanging lanterns for every wood type, lit by redstone.', gallery: [{ title: 'Lanterns at night', featured: true }] })
  expect((await modrinth.labrinth.versions_v2.getProjectVersions(project.id)).map((v) => v.version_number).sort()).toEqual(['1.0.0', '1.1.0'])

  // A member joins through the API, with no bits: they are refused what needs one.
  const member = await accountWithToken(request, 'api-member', scopes('PROJECT_READ', 'PROJECT_WRITE', 'VERSION_CREATE', 'VERSION_READ'))
  expect((await request.post(`/v2/team/${project.team}/members`, { headers: creator.headers, data: { user_id: member.id, role: 'Tester', permissions: 0 } })).status()).toBe(204)
  expect((await request.post(`/v2/team/${project.team}/join`, { headers: member.headers })).status()).toBe(204)
  const team = (await (await request.get(`/v2/team/${project.team}/members`, { headers: creator.headers })).json()) as { user: { username: string }; accepted: boolean; role: string }[]
  expect(team.find((m) => m.user.username === member.username)).toMatchObject({ accepted: true, role: 'Tester' })
  expect((await request.patch(`/v2/project/${project.id}`, { headers: member.headers, data: { title: 'Taken over' } })).status()).toBe(401)
  const refused = await request.post('/v2/version', {
    headers: member.headers,
    multipart: { data: JSON.stringify({ project_id: project.id, version_number: '9.9.9', game_versions: ['1.21'], loaders: ['fabric'], file_parts: ['jar'] }), jar: { name: 'x.jar', mimeType: 'application/java-archive', buffer: jar('9.9.9') } },
  })
  expect(refused.status()).toBe(401)

  const submitted = await request.patch(`/v2/project/${project.id}`, { headers: creator.headers, data: { status: 'processing' } })
  expect(submitted.status(), await submitted.text()).toBe(204)
  expect((await (await request.get(`/v2/project/${project.id}`, { headers: creator.headers })).json()).status).toBe('processing')
})

/**
 * mc-publish's Modrinth upload (Kir-Antipov/mc-publish, src/platforms/modrinth: modrinth-uploader.ts,
 * modrinth-api-client.ts, modrinth-version.ts), request for request: the project (a 404 is fine: a
 * token without read access publishes to the id it was given), the game version and loader tags, each
 * dependency's `/check`, then `POST /version` with a `data` part whose `file_parts` are `_0`, `_1`…
 * (`primary_file` `_0`) and the files in those parts, the raw token in `Authorization`; last, the
 * previous featured versions for the same loaders and game versions are unfeatured.
 */
async function mcPublish(baseURL: string, token: string, request: { id: string; version: string; files: { name: string; bytes: Buffer }[]; dependencies: string[]; loaders: string[]; gameVersions: string[] }) {
  const api = (path: string, init: RequestInit = {}) => fetch(`${baseURL}/v2${path}`, { ...init, headers: { Authorization: token, ...init.headers } })
  // Like mc-publish's client: any refusal but 404 stops the upload.
  const projectRes = await api(`/project/${request.id}`)
  if (!projectRes.ok && projectRes.status !== 404) throw new Error(`GET /project/${request.id}: ${projectRes.status} ${await projectRes.text()}`)
  const project = projectRes.status === 404 ? { id: request.id, slug: request.id, project_type: 'mod' } : ((await projectRes.json()) as { id: string; slug: string; project_type: string })
  const gameVersions = ((await (await api('/tag/game_version?cache=true')).json()) as { version: string }[]).filter((g) => request.gameVersions.includes(g.version)).map((g) => g.version)
  const loaders = ((await (await api('/tag/loader?cache=true')).json()) as { name: string; supported_project_types: string[] }[])
    .filter((l) => request.loaders.includes(l.name) && (l.supported_project_types.includes(project.project_type) || project.id === project.slug))
    .map((l) => l.name)
  const dependencies = []
  for (const dep of request.dependencies) {
    const check = await api(`/project/${dep}/check`)
    if (check.ok) dependencies.push({ project_id: ((await check.json()) as { id: string }).id, dependency_type: 'required' })
  }
  const form = new FormData()
  form.append('data', JSON.stringify({ name: request.version, version_number: request.version, project_id: project.id, changelog: 'Published by mc-publish.', dependencies, game_versions: gameVersions, version_type: 'release', loaders, featured: true, primary_file: '_0', file_parts: request.files.map((_, i) => `_${i}`) }))
  request.files.forEach((f, i) => form.append(`_${i}`, new Blob([new Uint8Array(f.bytes)]), f.name))
  const created = await api('/version', { method: 'POST', body: form })
  const version = (await created.json()) as { id: string; project_id: string; featured: boolean; files: { filename: string; primary: boolean; hashes: { sha1: string } }[]; dependencies: { project_id: string }[] }
  // Unfeature mode "subset": earlier featured versions whose loaders and game versions the new one covers.
  const unfeatured: Record<string, boolean> = {}
  if (created.ok) {
    const featured = (await (await api(`/project/${project.id}/version?featured=true`)).json()) as { id: string; loaders: string[]; game_versions: string[] }[]
    for (const previous of Array.isArray(featured) ? featured : []) {
      if (previous.id === version.id || !previous.loaders.every((l) => loaders.includes(l)) || !previous.game_versions.every((g) => gameVersions.includes(g))) continue
      unfeatured[previous.id] = (await api(`/version/${previous.id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: previous.id, featured: false }) })).ok
    }
  }
  return { status: created.status, version, unfeatured }
}

test('mc-publish’s upload sequence publishes with the scopes it documents, and unfeatures the version it replaces', async ({ request, baseURL }) => {
  const creator = await accountWithToken(request, 'mc-publisher', scopes('PROJECT_CREATE', 'PROJECT_READ', 'PROJECT_WRITE', 'VERSION_CREATE', 'VERSION_READ', 'VERSION_WRITE'))
  const create = (slug: string, title: string) =>
    request.post('/v2/project', { headers: creator.headers, multipart: { data: JSON.stringify({ title, slug, description: `${title}, published from CI.`, project_type: 'mod', body: `# ${title}`, client_side: 'required', server_side: 'optional', license_id: 'MIT', initial_versions: [], is_draft: true }) } })
  const library = await (await create(`mcp-lib-${run}`, 'Lantern Lib')).json()
  const project = await (await create(`mcp-mod-${run}`, 'Lantern Glow')).json()

  // A token as mc-publish's README asks for (create, read and write versions; read projects).
  const ci = (await (await request.post('/v2/pat', { headers: { Authorization: (await (await request.post('/api/users/login', { data: { username: creator.username, password: PASSWORD } })).json()).token }, data: { name: 'mc-publish', scopes: scopes('PROJECT_READ', 'VERSION_CREATE', 'VERSION_READ', 'VERSION_WRITE'), expires: new Date(Date.now() + 86_400_000).toISOString() } })).json()).access_token as string
  const first = await mcPublish(baseURL!, ci, { id: project.slug, version: '2.0.0', files: [{ name: 'glow-2.0.0.jar', bytes: jar('2.0.0') }, { name: 'glow-2.0.0-sources.jar', bytes: jar('2.0.0-src') }], dependencies: [library.slug], loaders: ['fabric'], gameVersions: ['1.21'] })
  expect(first.status, JSON.stringify(first.version)).toBe(200)
  expect(first.version).toMatchObject({ project_id: project.id, featured: true, dependencies: [{ project_id: library.id }] })
  expect(first.version.files.map((f) => [f.filename, f.primary])).toEqual([['glow-2.0.0.jar', true], ['glow-2.0.0-sources.jar', false]])

  const second = await mcPublish(baseURL!, ci, { id: project.slug, version: '2.1.0', files: [{ name: 'glow-2.1.0.jar', bytes: jar('2.1.0') }], dependencies: [], loaders: ['fabric'], gameVersions: ['1.21'] })
  expect(second.status).toBe(200)
  // The earlier version, covered by the new one, is no longer featured.
  expect(second.unfeatured).toEqual({ [first.version.id]: true })
  expect((await (await request.get(`/v2/version/${first.version.id}`, { headers: creator.headers })).json()).featured).toBe(false)

  const listed = (await (await request.get(`/v2/project/${project.id}/version`, { headers: creator.headers })).json()) as { version_number: string }[]
  expect(listed.map((v) => v.version_number).sort()).toEqual(['2.0.0', '2.1.0'])
})
